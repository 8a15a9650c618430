import type { PaymentProviderKind } from '@labeldesk/contracts';
import type { PaymentProvider, ProviderInvoice } from '../../src/providers/payment-provider.port';

/** Only what ApplyInvoiceUseCase reads from a provider: the invoice itself is handed to it, as if read again. */
export class UnusedProvider implements PaymentProvider {
  readonly kind: PaymentProviderKind = 'btcpay';
  readonly storeId = 'store-ours';
  readonly webhookSecret = 'webhook-secret';
  readonly checkoutScriptUrl = null;
  createInvoice(): Promise<ProviderInvoice> {
    throw new Error('not used by ApplyInvoiceUseCase');
  }
  getInvoice(): Promise<ProviderInvoice | null> {
    throw new Error('not used by ApplyInvoiceUseCase');
  }
  findByOrderId(): Promise<ProviderInvoice[]> {
    throw new Error('not used by ApplyInvoiceUseCase');
  }
}
