import { z } from 'zod';
import type { ProviderInvoice } from '../payment-provider.port';
import { centsToDecimal, decimalToCents } from './money-format';

/** The part of Greenfield's InvoiceData we read; everything else is ignored. */
export const greenfieldInvoiceSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  additionalStatus: z.string().optional().default('None'),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type GreenfieldInvoice = z.infer<typeof greenfieldInvoiceSchema>;

export const toProviderInvoice = (invoice: GreenfieldInvoice): ProviderInvoice => {
  const orderId = invoice.metadata?.['orderId'];
  return {
    id: invoice.id,
    storeId: invoice.storeId,
    amountCents: decimalToCents(invoice.amount) ?? -1,
    currency: invoice.currency,
    status: invoice.status,
    additionalStatus: invoice.additionalStatus,
    orderId: typeof orderId === 'string' ? orderId : null,
  };
};

/** CreateInvoiceRequest: always an amount (a top-up invoice without one would credit whatever was paid). */
export const toCreateInvoiceRequest = (request: { depositId: string; amountCents: number; currency: string; buyerEmail?: string | undefined; expirationMinutes: number }) => ({
  amount: centsToDecimal(request.amountCents),
  currency: request.currency,
  metadata: { orderId: request.depositId, itemDesc: 'Prepaid balance top-up', ...(request.buyerEmail ? { buyerEmail: request.buyerEmail } : {}) },
  checkout: { expirationMinutes: request.expirationMinutes, speedPolicy: 'MediumSpeed' },
});
