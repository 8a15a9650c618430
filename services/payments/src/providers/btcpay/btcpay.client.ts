import { z } from 'zod';
import { ProviderError, type PaymentProvider, type ProviderInvoice } from '../payment-provider.port';
import { greenfieldInvoiceSchema, toCreateInvoiceRequest, toProviderInvoice } from './btcpay-invoice.mapper';

export interface BtcpaySettings {
  url: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs: number;
}

/**
 * A thin Greenfield client for the three calls a top-up needs (no third-party client: the Node one is the legacy
 * BitPay API). I/O only; the mapping lives in btcpay-invoice.mapper.ts.
 */
export class BtcpayClient implements PaymentProvider {
  readonly kind = 'btcpay' as const;
  readonly storeId: string;
  readonly webhookSecret: string;
  readonly checkoutScriptUrl: string;
  private readonly base: string;

  constructor(private readonly settings: BtcpaySettings) {
    this.base = settings.url.replace(/\/+$/, '');
    this.storeId = settings.storeId;
    this.webhookSecret = settings.webhookSecret;
    this.checkoutScriptUrl = `${this.base}/modal/btcpay.js`;
  }

  async createInvoice(request: Parameters<PaymentProvider['createInvoice']>[0]): Promise<ProviderInvoice> {
    const body = await this.request('POST', `/api/v1/stores/${this.storeId}/invoices`, toCreateInvoiceRequest(request));
    return toProviderInvoice(greenfieldInvoiceSchema.parse(body));
  }

  async getInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    const body = await this.request('GET', `/api/v1/stores/${this.storeId}/invoices/${encodeURIComponent(invoiceId)}`, undefined, true);
    return body === null ? null : toProviderInvoice(greenfieldInvoiceSchema.parse(body));
  }

  async findByOrderId(orderId: string): Promise<ProviderInvoice[]> {
    const body = await this.request('GET', `/api/v1/stores/${this.storeId}/invoices?orderId=${encodeURIComponent(orderId)}`);
    return z.array(greenfieldInvoiceSchema).parse(body).map(toProviderInvoice);
  }

  private async request(method: string, path: string, body?: unknown, notFoundIsNull = false): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: { Authorization: `token ${this.settings.apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`BTCPay Server did not answer ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (notFoundIsNull && response.status === 404) return null;
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new ProviderError(`BTCPay Server answered ${response.status} to ${method} ${path}: ${text.slice(0, 300)}`);
    }
    return response.json();
  }
}
