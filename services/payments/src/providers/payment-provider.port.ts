import type { PaymentProviderKind } from '@labeldesk/contracts';

/** An invoice as our code needs it, whatever the provider. Amounts in cents. */
export interface ProviderInvoice {
  id: string;
  storeId: string;
  amountCents: number;
  currency: string;
  /** BTCPay's `status`: New, Processing, Settled, Expired, Invalid. */
  status: string;
  /** BTCPay's `additionalStatus`: None, PaidLate, PaidPartial, Marked, Invalid, PaidOver. */
  additionalStatus: string;
  /** Our deposit id, sent as `metadata.orderId`. */
  orderId: string | null;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** The store our invoices live in; events from any other store are not ours. */
  readonly storeId: string;
  /** The HMAC key for `BTCPay-Sig`. */
  readonly webhookSecret: string;
  /** btcpay.js for the modal; null when the web app has its own (test provider). */
  readonly checkoutScriptUrl: string | null;
  createInvoice(request: { depositId: string; amountCents: number; currency: string; buyerEmail?: string | undefined; expirationMinutes: number }): Promise<ProviderInvoice>;
  getInvoice(invoiceId: string): Promise<ProviderInvoice | null>;
  findByOrderId(orderId: string): Promise<ProviderInvoice[]>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
