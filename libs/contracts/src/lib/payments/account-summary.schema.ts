import { z } from 'zod';

/** A user's money as the ledger derives it. All integer cents. */
export const accountSummarySchema = z.object({
  userId: z.string(),
  balanceCents: z.number().int(),
  totalDepositCents: z.number().int(),
  totalSpentCents: z.number().int(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
