import { z } from 'zod';
import type { ImportedOrder } from '../plugin/store-plugin';

/**
 * A Shopify order as the import's query (shopify-queries.ts) asks for it in the Admin GraphQL API: its shipping
 * address (MailingAddress), its line items and its fulfillment orders.
 */
const mailingAddress = z.object({
  name: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  address1: z.string().nullable().optional(),
  address2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  provinceCode: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
  countryCodeV2: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

export const shopifyOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  shippingAddress: mailingAddress.nullable(),
  lineItems: z.object({ nodes: z.array(z.object({ sku: z.string().nullable(), name: z.string(), unfulfilledQuantity: z.number().int(), requiresShipping: z.boolean() })) }),
  fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: z.string(), status: z.string() })) }),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Fulfillment order statuses whose items are ours to ship now (not on hold, scheduled, closed or cancelled). */
export const OPEN_FULFILLMENT_ORDER = new Set(['OPEN', 'IN_PROGRESS']);

const text = (value: string | null | undefined): string => (value ?? '').trim();
const orNull = (value: string | null | undefined): string | null => (text(value) === '' ? null : text(value));

interface Shipping {
  name: string;
  company: string | null;
  phone: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const importedOrder = (
  order: { id: string; number: string; placedAt: string; modifiedAt: string; email: string | null; phone: string | null },
  shipping: Shipping | null,
  items: ImportedOrder['items'],
): ImportedOrder | null => {
  if (!shipping || shipping.address1 === '' || items.length === 0) return null;
  return {
    externalId: order.id,
    orderNumber: order.number,
    placedAt: new Date(order.placedAt).toISOString(),
    modifiedAt: new Date(order.modifiedAt).toISOString(),
    receiver: {
      receiver_name: shipping.name,
      receiver_company: shipping.company,
      receiver_phone: shipping.phone ?? order.phone,
      receiver_address1: shipping.address1,
      receiver_address2: shipping.address2,
      receiver_city: shipping.city,
      receiver_state_province: shipping.state,
      receiver_zip_postal: shipping.zip,
      receiver_country: shipping.country.toUpperCase(),
      receiver_email: order.email,
    },
    items,
  };
};

/**
 * One order as it is imported: its number as the seller knows it (`#1001`), shipped to its shipping address, with its
 * items still to ship (unfulfilled units of items that need shipping). Not imported (null): no shipping address
 * (digital goods, local pickup), nothing left to ship, or no fulfillment order open at a location we ship from.
 */
export const importedFromShopify = (order: ShopifyOrder): ImportedOrder | null => {
  if (!order.fulfillmentOrders.nodes.some((fulfillmentOrder) => OPEN_FULFILLMENT_ORDER.has(fulfillmentOrder.status))) return null;
  const address = order.shippingAddress;
  const items = order.lineItems.nodes.filter((item) => item.requiresShipping && item.unfulfilledQuantity > 0).map((item) => ({ sku: text(item.sku), name: item.name, quantity: item.unfulfilledQuantity }));
  const shipping = address && {
    name: text(address.name) || `${text(address.firstName)} ${text(address.lastName)}`.trim(),
    company: orNull(address.company),
    phone: orNull(address.phone),
    address1: text(address.address1),
    address2: orNull(address.address2),
    city: text(address.city),
    state: text(address.provinceCode),
    zip: text(address.zip),
    country: text(address.countryCodeV2),
  };
  return importedOrder({ id: order.id, number: order.name, placedAt: order.createdAt, modifiedAt: order.updatedAt, email: orNull(order.email), phone: orNull(order.phone) }, shipping, items);
};

/** The order an `orders/create` webhook carries: Shopify's REST Order resource (only the fields read here). */
export const shopifyWebhookOrderSchema = z.object({
  admin_graphql_api_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  financial_status: z.string().nullable().optional(),
  fulfillment_status: z.string().nullable().optional(),
  shipping_address: z
    .object({
      name: z.string().nullable().optional(),
      first_name: z.string().nullable().optional(),
      last_name: z.string().nullable().optional(),
      company: z.string().nullable().optional(),
      address1: z.string().nullable().optional(),
      address2: z.string().nullable().optional(),
      city: z.string().nullable().optional(),
      province_code: z.string().nullable().optional(),
      zip: z.string().nullable().optional(),
      country_code: z.string().nullable().optional(),
      phone: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  line_items: z.array(z.object({ sku: z.string().nullable().optional(), name: z.string(), quantity: z.number().int(), fulfillable_quantity: z.number().int().optional(), requires_shipping: z.boolean().default(true) })),
});

/** A pushed new order as imported: the same rules as an import (paid, something to ship, a shipping address). */
export const importedFromShopifyWebhook = (order: z.infer<typeof shopifyWebhookOrderSchema>): ImportedOrder | null => {
  if (order.financial_status !== 'paid' || (order.fulfillment_status ?? null) !== null) return null;
  const address = order.shipping_address;
  const items = order.line_items
    .map((item) => ({ sku: text(item.sku), name: item.name, quantity: item.fulfillable_quantity ?? item.quantity, requiresShipping: item.requires_shipping }))
    .filter((item) => item.requiresShipping && item.quantity > 0)
    .map(({ sku, name, quantity }) => ({ sku, name, quantity }));
  const shipping = address
    ? {
        name: text(address.name) || `${text(address.first_name)} ${text(address.last_name)}`.trim(),
        company: orNull(address.company),
        phone: orNull(address.phone),
        address1: text(address.address1),
        address2: orNull(address.address2),
        city: text(address.city),
        state: text(address.province_code),
        zip: text(address.zip),
        country: text(address.country_code),
      }
    : null;
  return importedOrder({ id: order.admin_graphql_api_id, number: order.name, placedAt: order.created_at, modifiedAt: order.updated_at, email: orNull(order.email), phone: orNull(order.phone) }, shipping, items);
};
