import { z } from 'zod';
import type { ImportedOrder } from '../plugin/store-plugin';

/**
 * An Etsy shop receipt as Open API v3 documents it (`ShopReceipt`, `ShopReceiptTransaction`, `ShopReceiptShipment`):
 * only the fields an import and a write-back read.
 */
export const etsyReceiptSchema = z.object({
  receipt_id: z.number().int(),
  name: z.string().default(''),
  first_line: z.string().nullable().default(''),
  second_line: z.string().nullable().optional(),
  city: z.string().nullable().default(''),
  state: z.string().nullable().optional(),
  zip: z.string().nullable().default(''),
  country_iso: z.string().nullable().default(''),
  buyer_email: z.string().nullable().optional(),
  status: z.string().optional(),
  is_paid: z.boolean(),
  is_shipped: z.boolean(),
  created_timestamp: z.number().int(),
  updated_timestamp: z.number().int(),
  shipments: z.array(z.object({ tracking_code: z.string().nullable().optional(), carrier_name: z.string().nullable().optional() })).default([]),
  transactions: z.array(z.object({ title: z.string().nullable().optional(), sku: z.string().nullable().optional(), quantity: z.number().int(), is_digital: z.boolean().default(false) })).default([]),
});
export type EtsyReceipt = z.infer<typeof etsyReceiptSchema>;

const text = (value: string | null | undefined): string => (value ?? '').trim();
const orNull = (value: string | null | undefined): string | null => (text(value) === '' ? null : text(value));
const iso = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();

/**
 * One receipt as it is imported: its buyer's address, its physical items (downloads left out). Not imported (null): a
 * receipt not paid, already shipped, cancelled, or with nothing physical to ship. Etsy gives no buyer phone.
 */
export const importedFromEtsy = (receipt: EtsyReceipt): ImportedOrder | null => {
  if (!receipt.is_paid || receipt.is_shipped || receipt.status?.toLowerCase() === 'canceled') return null;
  if (text(receipt.first_line) === '') return null;
  const items = receipt.transactions.filter((item) => !item.is_digital && item.quantity > 0).map((item) => ({ sku: text(item.sku), name: text(item.title), quantity: item.quantity }));
  if (items.length === 0) return null;
  return {
    externalId: String(receipt.receipt_id),
    orderNumber: String(receipt.receipt_id),
    placedAt: iso(receipt.created_timestamp),
    modifiedAt: iso(receipt.updated_timestamp),
    receiver: {
      receiver_name: text(receipt.name),
      receiver_company: null,
      receiver_phone: null,
      receiver_address1: text(receipt.first_line),
      receiver_address2: orNull(receipt.second_line),
      receiver_city: text(receipt.city),
      receiver_state_province: text(receipt.state),
      receiver_zip_postal: text(receipt.zip),
      receiver_country: text(receipt.country_iso).toUpperCase(),
      receiver_email: orNull(receipt.buyer_email),
    },
    items,
  };
};
