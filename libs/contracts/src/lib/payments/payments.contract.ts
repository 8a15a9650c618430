// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineEvent, defineRpc } from '../define';
import { apiModeSchema } from '../caller';
import { idSchema } from '../common/ids';
import { accountSummarySchema } from './account-summary.schema';
import {
  depositFilterSchema,
  depositPageSchema,
  depositSchema,
  settleTestInvoiceResponseSchema,
  testInvoiceOutcomeSchema,
  testInvoiceSchema,
  topUpAmountSchema,
  topUpResponseSchema,
} from './deposit.schema';
import { creditRequestSchema, holdCaptureSchema, holdSchema, idempotencyKeySchema, ledgerEntrySchema, ledgerKindSchema, postingResultSchema } from './ledger.schema';

/** One test top-up: at least a cent, at most $10,000 (decision 110). */
export const TEST_TOP_UP_MAX_CENTS = 1_000_000;
/** A test balance stops there: play money with no limit would hide a runaway test loop. */
export const TEST_BALANCE_MAX_CENTS = 10_000_000;
export const testTopUpAmountSchema = z
  .number({ error: 'Amount must be a whole number of cents' })
  .int({ error: 'Amount must be a whole number of cents' })
  .min(1, { error: 'Amount must be at least 1 cent' })
  .max(TEST_TOP_UP_MAX_CENTS, { error: `A test top-up is at most ${TEST_TOP_UP_MAX_CENTS} cents` });

export const PaymentsRpc = {
  /** `mode: 'test'` answers the user's test account (decision 110); absent or `live`, their live one. */
  accountSummary: defineRpc(
    'payments.account.summary.v1',
    z.object({ userId: idSchema, mode: apiModeSchema.optional() }),
    accountSummarySchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'balance:read', services: ['orders'] },
  ),
  /**
   * Play money for test mode (decision 110): credits the user's test account only, never the live one and never through
   * a payment provider; one posting per idempotency key (the same key with another amount is
   * PAYMENTS_IDEMPOTENCY_MISMATCH), and the test balance never above TEST_BALANCE_MAX_CENTS. The gateway offers it to
   * test-mode callers only.
   */
  testTopUp: defineRpc(
    'payments.test-top-up.v1',
    z.object({ userId: idSchema, amountCents: testTopUpAmountSchema, idempotencyKey: idempotencyKeySchema }),
    accountSummarySchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  accountSummaries: defineRpc(
    'payments.account.summaries.v1',
    z.object({ userIds: z.array(idSchema).max(10_000) }),
    z.object({ summaries: z.array(accountSummarySchema) }),
    { who: 'admin' },
  ),
  /**
   * Deposit totals only (no balance, no spending) of users a signed-in user invited. Payments does not know who
   * invited whom: the gateway, the only issuer of user callers, asks with the ids auth's `auth.referral.invitees.v1`
   * gave for the same caller (docs: gateway/src/http/invite.controller.ts).
   */
  depositTotals: defineRpc(
    'payments.account.deposit-totals.v1',
    z.object({ userIds: z.array(idSchema).max(10_000) }),
    z.object({ totals: z.array(z.object({ userId: idSchema, totalDepositCents: z.number().int() })) }),
    { who: 'signed-in' },
  ),
  /** Takes money for a purchase; never below zero (PAYMENTS_INSUFFICIENT_FUNDS); one posting per key. */
  debit: defineRpc(
    'payments.ledger.debit.v1',
    z.object({
      userId: idSchema,
      amountCents: z.number().int().positive(),
      kind: z.enum(['label_purchase']),
      reference: z.string().min(1).max(200),
      idempotencyKey: idempotencyKeySchema,
      /** `test`: from the user's test account only (decision 110); absent or `live`, the live one only. */
      mode: apiModeSchema.optional(),
    }),
    postingResultSchema,
    { who: 'services', services: ['orders'] },
  ),
  /**
   * Gives the money of a label back: a refund points at the charge it refunds (`refundOf`: the charge's idempotency
   * key), which must be a label charge (a debit or a hold's capture) of the same user; all refunds of one charge
   * together never exceed it (FORBIDDEN for a refund no charge allows, CONFLICT once the charge is refunded; decision
   * 042). One posting per idempotency key. Deposits are credited inside payments only, by the use case that owns them;
   * a `deposit` kind is refused (kept in the schema so an old caller is told so, not a parse error).
   */
  credit: defineRpc('payments.ledger.credit.v1', creditRequestSchema, postingResultSchema, { who: 'services', services: ['orders'] }),
  /** An admin sets a balance: posted as an adjustment entry for the difference, with the admin and a reason. */
  adjustBalance: defineRpc(
    'payments.ledger.adjust.v1',
    z.object({ userId: idSchema, newBalanceCents: z.number().int().min(0, { error: 'Balance cannot be negative' }).max(100_000_000), reason: z.string().trim().min(1).max(500), idempotencyKey: idempotencyKeySchema }),
    z.object({ summary: accountSummarySchema, entry: ledgerEntrySchema.nullable() }),
    { who: 'admin' },
  ),
  listEntries: defineRpc(
    'payments.ledger.list.v1',
    z.object({ userId: idSchema, limit: z.number().int().min(1).max(500).default(50), kinds: z.array(ledgerKindSchema).optional() }),
    z.object({ entries: z.array(ledgerEntrySchema) }),
    { who: { selfOrAdmin: 'userId' }, scope: 'balance:read' },
  ),
  createTopUp: defineRpc('payments.top-up.create.v1', z.object({ userId: idSchema, amountCents: topUpAmountSchema, buyerEmail: z.string().optional() }), topUpResponseSchema, { who: { selfOrAdmin: 'userId' } }),
  listDeposits: defineRpc(
    'payments.deposit.list.v1',
    z.object({ userId: idSchema, page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(100).default(7), filter: depositFilterSchema.default('all') }),
    depositPageSchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'balance:read' },
  ),
  recentDeposits: defineRpc('payments.deposit.recent.v1', z.object({ userId: idSchema, limit: z.number().int().min(1).max(50).default(10) }), z.object({ deposits: z.array(depositSchema) }), { who: { selfOrAdmin: 'userId' }, scope: 'balance:read' }),
  /** A provider's payment notification (BTCPay's webhook) exactly as received: the signature is checked over these bytes. */
  receivePaymentNotification: defineRpc(
    'payments.webhook.receive.v1',
    z.object({ rawBody: z.string().max(1_000_000), signature: z.string().max(200) }),
    z.object({ outcome: z.enum(['credited', 'reversed', 'recorded', 'ignored']) }),
    { who: 'public' },
  ),
  getTestInvoice: defineRpc('payments.test-invoice.get.v1', z.object({ invoiceId: z.string().min(1).max(100) }), testInvoiceSchema, { who: 'signed-in' }),
  /** The test provider's "customer pays" (or lets it expire); the result arrives through the signed webhook path. */
  settleTestInvoice: defineRpc(
    'payments.test-invoice.settle.v1',
    z.object({ invoiceId: z.string().min(1).max(100), outcome: testInvoiceOutcomeSchema }),
    settleTestInvoiceResponseSchema,
    { who: 'signed-in' },
  ),
  /**
   * Moves money from the spendable balance into a hold (a bulk order's total). Idempotent by holdId: the same
   * holdId again answers the same hold; with another user or amount it is PAYMENTS_IDEMPOTENCY_MISMATCH.
   * A balance that cannot cover it is PAYMENTS_INSUFFICIENT_FUNDS, saying how much is missing; nothing is held then.
   */
  placeHold: defineRpc(
    'payments.hold.place.v1',
    z.object({ userId: idSchema, holdId: idempotencyKeySchema, amountCents: z.number().int().positive(), reference: z.string().min(1).max(200), mode: apiModeSchema.optional() }),
    holdSchema,
    { who: 'services', services: ['orders'] },
  ),
  /**
   * Charges labels from a hold, all in one transaction; each capture's key is posted at most once (a replayed key
   * changes nothing). More than the hold has left, or a closed hold, is refused whole.
   */
  captureHold: defineRpc(
    'payments.hold.capture.v1',
    z.object({ holdId: idempotencyKeySchema, captures: z.array(holdCaptureSchema).min(1).max(1000) }),
    z.object({ hold: holdSchema, capturedCount: z.number().int() }),
    { who: 'services', services: ['orders'] },
  ),
  /** Gives back what a hold has left and closes it; releasing a closed hold again changes nothing. */
  releaseHold: defineRpc('payments.hold.release.v1', z.object({ holdId: idempotencyKeySchema }), z.object({ hold: holdSchema, releasedCents: z.number().int() }), { who: 'services', services: ['orders'] }),
  /** A hold as it stands, for its owner. No service calls it (NATS lets none publish it), so none is listed. */
  getHold: defineRpc('payments.hold.get.v1', z.object({ holdId: idempotencyKeySchema }), holdSchema, { who: 'signed-in' }),
} as const;

/** A user's account changed (a posting or a hold committed): what `accountSummary` answers for them is new. */
export const accountChangedEventSchema = z.object({ userId: idSchema });
export type AccountChangedEvent = z.infer<typeof accountChangedEventSchema>;

export const PaymentsEvents = {
  /** Every gateway replica receives it and forgets the account summary it keeps for the user (decision 025). */
  accountChanged: defineEvent('payments.account.changed.v1', accountChangedEventSchema),
} as const;
