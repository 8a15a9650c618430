import { z } from 'zod';

export const TOPUP_LIMITS = { minCents: 500, maxCents: 1_000_000 } as const;

export const depositStatusSchema = z.enum(['Creating', 'New', 'Processing', 'Settled', 'Expired', 'Invalid', 'Failed']);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const paymentProviderKindSchema = z.enum(['btcpay', 'test']);
export type PaymentProviderKind = z.infer<typeof paymentProviderKindSchema>;

/** Spec: Deposit (amount, createdTime in unix seconds, status), plus what the history table shows. Cents. */
export const depositSchema = z.object({
  _id: z.string(),
  amount: z.number().int(),
  createdTime: z.number().int(),
  status: depositStatusSchema,
  invoiceId: z.string().nullable(),
  provider: paymentProviderKindSchema,
  /** True for the built-in test provider: no real money moved. */
  test: z.boolean(),
  /** Why a deposit needs a person: paid late, over- or under-paid, reversed. */
  note: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositFilterSchema = z.enum(['all', 'Settled', 'Expired', 'pending', 'Invalid']);
export type DepositFilter = z.output<typeof depositFilterSchema>;

export const topUpAmountSchema = z.coerce
  .number({ error: 'Amount must be a number' })
  .int({ error: 'Amount must be whole cents' })
  .min(TOPUP_LIMITS.minCents, { error: `The minimum top-up is $${TOPUP_LIMITS.minCents / 100}` })
  .max(TOPUP_LIMITS.maxCents, { error: `The maximum top-up is $${TOPUP_LIMITS.maxCents / 100}` });

export const topUpResponseSchema = z.object({
  id: z.string(),
  depositId: z.string(),
  provider: paymentProviderKindSchema,
  /** btcpay.js to load for the modal; null for the test provider, whose modal is built in. */
  checkoutScriptUrl: z.string().nullable(),
});
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;

/** GET /api/payment/top-up/{userId}?amount=: the amount in cents. */
export const topUpQuerySchema = z.object({ amount: topUpAmountSchema });
export type TopUpQuery = z.input<typeof topUpQuerySchema>;

/** GET /api/payment/deposits/{userId}: one page of the history, newest first (spec 9: 7 a page). */
export const depositsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(7),
  filter: depositFilterSchema.default('all'),
});
export type DepositsQuery = z.input<typeof depositsQuerySchema>;

export const depositPageSchema = z.object({ deposits: z.array(depositSchema), totalCount: z.number().int() });
export type DepositPage = z.infer<typeof depositPageSchema>;

/** GET /api/payment/recent-deposits/{userId}: the latest deposits, newest first. */
export const recentDepositsResponseSchema = z.array(depositSchema);

/** POST /api/payment/webhook: what BTCPay Server is answered once the event is committed. */
export const paymentNotificationResponseSchema = z.object({ ok: z.literal(true), outcome: z.string() });
export type PaymentNotificationResponse = z.infer<typeof paymentNotificationResponseSchema>;

export const testInvoiceSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(['New', 'Settled', 'Expired']),
  expiresAt: z.string(),
});
export type TestInvoice = z.infer<typeof testInvoiceSchema>;

/** The test provider's stand-in for the customer: pay the invoice, or let it expire. */
export const testInvoiceOutcomeSchema = z.enum(['paid', 'expired']);
export type TestInvoiceOutcome = z.infer<typeof testInvoiceOutcomeSchema>;

/** POST /api/payment/test-invoices/{invoiceId}/pay (paid when no outcome is given). */
export const settleTestInvoiceBodySchema = z.object({ outcome: testInvoiceOutcomeSchema.default('paid') });
export type SettleTestInvoiceBody = z.input<typeof settleTestInvoiceBodySchema>;

/** The deposit as the signed-webhook path settled it. */
export const settleTestInvoiceResponseSchema = z.object({ deposit: depositSchema });
export type SettleTestInvoiceResponse = z.infer<typeof settleTestInvoiceResponseSchema>;
