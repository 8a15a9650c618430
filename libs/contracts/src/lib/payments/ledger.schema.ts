import { z } from 'zod';
import { apiModeSchema } from '../caller';
import { idSchema } from '../common/ids';

/**
 * `referral_bonus`: the bonus of a referred customer's first top-up, to them or their referrer (decision 087).
 * `claim_payout`: an approved insurance claim paid to the seller, once per claim (decision 102).
 * `test_top_up`: play money added to a user's test account, never to a live one (decision 110).
 */
export const LEDGER_KINDS = ['deposit', 'label_purchase', 'refund', 'admin_adjustment', 'hold', 'release', 'reversal', 'referral_bonus', 'claim_payout', 'test_top_up'] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** An account has two buckets: `available` is the spendable balance, `held` is money set aside by holds. */
export const LEDGER_BUCKETS = ['available', 'held'] as const;
export const ledgerBucketSchema = z.enum(LEDGER_BUCKETS);
export type LedgerBucket = z.infer<typeof ledgerBucketSchema>;

export const idempotencyKeySchema = z.string().min(8).max(200);

const creditFields = {
  userId: idSchema,
  amountCents: z.number().int().positive(),
  reference: z.string().min(1).max(200),
  idempotencyKey: idempotencyKeySchema,
  /** `test`: the user's test account (decision 110); absent or `live`, their live one. */
  mode: apiModeSchema.optional(),
};

/**
 * A credit from outside payments. A refund names the charge it gives money back for by that charge's idempotency key
 * (`label:<orderId>:<attempt>` for a single label's debit, the bulk item's key for a capture): a key is known to the
 * caller before the charge is posted, an entry id only from its reply. The refund's own key says only which retry is
 * which (docs/decisions/042). A deposit never names one; it is refused anyway, inside payments (see `credit`).
 */
export const creditRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    ...creditFields,
    kind: z.literal('refund'),
    refundOf: z
      .string({ error: 'A refund must name the charge it gives back: refundOf is that charge\'s idempotency key' })
      .min(8, { error: 'refundOf must be the idempotency key of a charge' })
      .max(200, { error: 'refundOf must be the idempotency key of a charge' }),
  }),
  z.object({ ...creditFields, kind: z.literal('deposit'), refundOf: z.never({ error: 'Only a refund names a charge: refundOf is for kind refund' }).optional() }),
  /** An approved insurance claim: its key is the claim's (`claim:<claimId>`), so a repeated decision credits once. */
  z.object({ ...creditFields, kind: z.literal('claim_payout'), refundOf: z.never({ error: 'Only a refund names a charge: refundOf is for kind refund' }).optional() }),
]);
export type CreditRequest = z.infer<typeof creditRequestSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: ledgerKindSchema,
  /** Signed: credits positive, debits negative. */
  amountCents: z.number().int(),
  /** The bucket this entry moves (absent means `available`); balanceAfterCents is that bucket's balance. */
  bucket: ledgerBucketSchema.optional(),
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

export const holdStatusSchema = z.enum(['open', 'closed']);

/** Money set aside for a batch: amount = captured + released + what is left while open. */
export const holdSchema = z.object({
  holdId: z.string(),
  userId: z.string(),
  amountCents: z.number().int(),
  capturedCents: z.number().int(),
  releasedCents: z.number().int(),
  status: holdStatusSchema,
  reference: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdCaptureSchema = z.object({
  /** The bulk item's id: a label is charged once whatever retries and crashes happen. */
  idempotencyKey: idempotencyKeySchema,
  amountCents: z.number().int().positive(),
  reference: z.string().min(1).max(200),
});
export type HoldCapture = z.infer<typeof holdCaptureSchema>;
