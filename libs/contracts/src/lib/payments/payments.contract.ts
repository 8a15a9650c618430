// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { accountSummarySchema } from './account-summary.schema';

export const PaymentsRpc = {
  accountSummary: defineRpc('payments.account.summary.v1', z.object({ userId: idSchema }), accountSummarySchema),
  accountSummaries: defineRpc(
    'payments.account.summaries.v1',
    z.object({ userIds: z.array(idSchema).max(10_000) }),
    z.object({ summaries: z.array(accountSummarySchema) }),
  ),
} as const;
