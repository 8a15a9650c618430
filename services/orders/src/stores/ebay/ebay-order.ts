import { z } from 'zod';
import type { ImportedOrder } from '../plugin/store-plugin';

/**
 * An eBay order as the Sell Fulfillment API documents it (sell_fulfillment_v1_oas3.json: `Order`, `LineItem`,
 * `FulfillmentStartInstruction`, `ExtendedContact`, `Address`): only the fields an import reads.
 */
const shipTo = z.object({
  fullName: z.string().default(''),
  companyName: z.string().optional(),
  contactAddress: z.object({
    addressLine1: z.string().default(''),
    addressLine2: z.string().optional(),
    city: z.string().default(''),
    stateOrProvince: z.string().optional(),
    postalCode: z.string().optional(),
    countryCode: z.string().default(''),
  }),
  primaryPhone: z.object({ phoneNumber: z.string().optional() }).optional(),
  email: z.string().optional(),
});

export const ebayLineItemSchema = z.object({
  lineItemId: z.string(),
  sku: z.string().optional(),
  title: z.string().default(''),
  quantity: z.number().int(),
  lineItemFulfillmentStatus: z.string().optional(),
});

export const ebayOrderSchema = z.object({
  orderId: z.string(),
  creationDate: z.string(),
  lastModifiedDate: z.string(),
  orderPaymentStatus: z.string().optional(),
  cancelStatus: z.object({ cancelState: z.string().optional() }).optional(),
  fulfillmentStartInstructions: z.array(z.object({ shippingStep: z.object({ shipTo: shipTo.optional() }).optional() })).default([]),
  lineItems: z.array(ebayLineItemSchema).default([]),
});
export type EbayOrder = z.infer<typeof ebayOrderSchema>;

/** Paid, or paid and partly refunded (OrderPaymentStatusEnum): the orders a seller ships. */
const SHIPPABLE_PAYMENTS = new Set(['PAID', 'PARTIALLY_REFUNDED']);

const orNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

/**
 * One order as it is imported: shipped to the address eBay says to ship to (the first instruction with a shipping step:
 * for the Global Shipping Program that is eBay's hub, which is where the parcel goes), with its line items not yet
 * fulfilled. Not imported (null): an order not paid, one cancelled, one with nothing to ship to (a pickup) or nothing
 * left to ship.
 */
export const importedFromEbay = (order: EbayOrder): ImportedOrder | null => {
  if (order.orderPaymentStatus !== undefined && !SHIPPABLE_PAYMENTS.has(order.orderPaymentStatus)) return null;
  if (order.cancelStatus?.cancelState === 'CANCELED') return null;
  const to = order.fulfillmentStartInstructions.find((instruction) => instruction.shippingStep?.shipTo !== undefined)?.shippingStep?.shipTo;
  if (!to || to.contactAddress.addressLine1.trim() === '') return null;
  const items = order.lineItems
    .filter((item) => item.quantity > 0 && item.lineItemFulfillmentStatus !== 'FULFILLED')
    .map((item) => ({ sku: (item.sku ?? '').trim(), name: item.title, quantity: item.quantity }));
  if (items.length === 0) return null;
  const address = to.contactAddress;
  return {
    externalId: order.orderId,
    orderNumber: order.orderId,
    placedAt: new Date(order.creationDate).toISOString(),
    modifiedAt: new Date(order.lastModifiedDate).toISOString(),
    receiver: {
      receiver_name: to.fullName.trim(),
      receiver_company: orNull(to.companyName),
      receiver_phone: orNull(to.primaryPhone?.phoneNumber),
      receiver_address1: address.addressLine1.trim(),
      receiver_address2: orNull(address.addressLine2),
      receiver_city: address.city.trim(),
      receiver_state_province: (address.stateOrProvince ?? '').trim(),
      receiver_zip_postal: (address.postalCode ?? '').trim(),
      receiver_country: address.countryCode.trim().toUpperCase(),
      receiver_email: orNull(to.email),
    },
    items,
  };
};
