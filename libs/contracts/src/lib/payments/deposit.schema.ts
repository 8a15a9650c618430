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

export const testInvoiceSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(['New', 'Settled', 'Expired']),
  expiresAt: z.string(),
});
export type TestInvoice = z.infer<typeof testInvoiceSchema>;
