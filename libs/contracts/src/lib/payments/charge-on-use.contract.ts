// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { apiModeSchema } from '../caller';
import { idSchema } from '../common/ids';
import { idempotencyKeySchema, postingResultSchema } from './ledger.schema';

/**
 * A pay-on-use label's charge, taken when the carrier first scans it (decision 101): one posting per key (the
 * return label's), and taken even when the balance no longer covers it: the label was used, the postage is owed,
 * and the balance goes below zero until the next top-up pays it (no purchase can be made meanwhile).
 */
export const ChargeOnUseRpc = {
  charge: defineRpc(
    'payments.ledger.charge-on-use.v1',
    z.object({
      userId: idSchema,
      amountCents: z.number().int().positive(), reference: z.string().min(1).max(200), idempotencyKey: idempotencyKeySchema.regex(/^use:/, 'A pay-on-use charge key starts with use:'),
      /** `test`: a test return's use, charged on the user's test account (decision 125); absent or `live`, the live one. */
      mode: apiModeSchema.optional(),
    }),
    postingResultSchema,
    { who: 'services', services: ['orders'] },
  ),
} as const;
