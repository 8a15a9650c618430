import { z } from 'zod';
import type { ImportedOrder } from '../plugin/store-plugin';

/**
 * A WooCommerce order as REST API v3 documents it (woocommerce-rest-api-docs, "Order properties"): only the fields
 * an import reads; the rest is left alone.
 */
const address = z.object({
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  company: z.string().default(''),
  address_1: z.string().default(''),
  address_2: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  postcode: z.string().default(''),
  country: z.string().default(''),
  /** Shipping has a phone only since WooCommerce 5.6; billing always. */
  phone: z.string().optional(),
});

export const wooOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  date_created_gmt: z.string(),
  date_modified_gmt: z.string(),
  billing: address.extend({ email: z.string().default('') }),
  shipping: address,
  line_items: z.array(z.object({ id: z.number().int(), name: z.string(), sku: z.string().default(''), quantity: z.number().int() })),
});
export type WooOrder = z.infer<typeof wooOrderSchema>;

/** WooCommerce's GMT dates carry no zone ("2017-03-22T19:28:08"): read as UTC. */
export const wooGmtToIso = (value: string): string => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`).toISOString();

const orNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

/**
 * One order as it is imported: shipped to its shipping address (WooCommerce leaves it blank when nothing is to be
 * shipped, e.g. downloads: such an order is not imported, null), its line items with their SKUs and quantities (an
 * item of 0 units, refunded, is left out), the buyer's e-mail and phone from billing when shipping has none.
 */
export const importedFromWoo = (order: WooOrder): ImportedOrder | null => {
  const { shipping, billing } = order;
  if (shipping.address_1.trim() === '') return null;
  const items = order.line_items.filter((item) => item.quantity > 0).map((item) => ({ sku: item.sku.trim(), name: item.name, quantity: item.quantity }));
  if (items.length === 0) return null;
  return {
    externalId: String(order.id),
    orderNumber: order.number,
    placedAt: wooGmtToIso(order.date_created_gmt),
    modifiedAt: wooGmtToIso(order.date_modified_gmt),
    receiver: {
      receiver_name: `${shipping.first_name} ${shipping.last_name}`.trim(),
      receiver_company: orNull(shipping.company),
      receiver_phone: orNull(shipping.phone) ?? orNull(billing.phone),
      receiver_address1: shipping.address_1.trim(),
      receiver_address2: orNull(shipping.address_2),
      receiver_city: shipping.city.trim(),
      receiver_state_province: shipping.state.trim(),
      receiver_zip_postal: shipping.postcode.trim(),
      receiver_country: shipping.country.trim().toUpperCase(),
      receiver_email: orNull(billing.email),
    },
    items,
  };
};
