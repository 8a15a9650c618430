import { z } from 'zod';

/** A user's money as the ledger derives it. All integer cents. */
export const accountSummarySchema = z.object({
  userId: z.string(),
  /** Spendable: what a new purchase or hold can take. */
  balanceCents: z.number().int(),
  /** Set aside by open holds (a bulk order's total not yet charged or released); not spendable. */
  heldCents: z.number().int(),
  totalDepositCents: z.number().int(),
  totalSpentCents: z.number().int(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
