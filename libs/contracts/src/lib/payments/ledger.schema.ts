import { z } from 'zod';

export const LEDGER_KINDS = ['deposit', 'label_purchase', 'refund', 'admin_adjustment', 'hold', 'release', 'reversal'] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

export const idempotencyKeySchema = z.string().min(8).max(200);

export const ledgerEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: ledgerKindSchema,
  /** Signed: credits positive, debits negative. */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  reference: z.string(),
  idempotencyKey: z.string(),
  actorId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const postingResultSchema = z.object({
  entry: ledgerEntrySchema,
  /** True when this idempotency key had already been posted: nothing new happened. */
  replayed: z.boolean(),
});
export type PostingResult = z.infer<typeof postingResultSchema>;
