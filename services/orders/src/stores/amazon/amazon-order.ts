import { z } from 'zod';
import type { ImportedOrder } from '../plugin/store-plugin';

/** Order, Address and OrderItem as Orders v0 defines them (ordersV0.json): only the fields an import reads. */
const addressSchema = z.object({
  Name: z.string().optional(),
  CompanyName: z.string().optional(),
  AddressLine1: z.string().optional(),
  AddressLine2: z.string().optional(),
  AddressLine3: z.string().optional(),
  City: z.string().optional(),
  StateOrRegion: z.string().optional(),
  PostalCode: z.string().optional(),
  CountryCode: z.string().optional(),
  Phone: z.string().optional(),
});

export const amazonOrderSchema = z.object({
  AmazonOrderId: z.string().min(1),
  PurchaseDate: z.string(),
  LastUpdateDate: z.string(),
  OrderStatus: z.string(),
  MarketplaceId: z.string().optional(),
  ShippingAddress: addressSchema.optional(),
  BuyerInfo: z.object({ BuyerName: z.string().optional() }).optional(),
});
export type AmazonOrder = z.infer<typeof amazonOrderSchema>;

export const amazonOrderItemSchema = z.object({
  OrderItemId: z.string().min(1),
  SellerSKU: z.string().optional(),
  Title: z.string().optional(),
  ASIN: z.string(),
  QuantityOrdered: z.number().int(),
  QuantityShipped: z.number().int().optional(),
});
export type AmazonOrderItem = z.infer<typeof amazonOrderItemSchema>;

/** Units of the item still to ship (a partly shipped order's other units went out before). */
export const unshippedUnits = (item: AmazonOrderItem): number => Math.max(0, item.QuantityOrdered - (item.QuantityShipped ?? 0));

const orNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());
const isoOf = (value: string): string => new Date(value).toISOString();

/**
 * One order as it is imported: shipped to its ShippingAddress (read with a Restricted Data Token: without one Amazon
 * gives only city, state, postal code and country, and an order without a street is not imported, null), its items'
 * units still to ship by SellerSKU (an order with none left is not imported either). The buyer's e-mail is not taken:
 * it is Amazon's relay, and Amazon tells the buyer of the shipment itself once it is confirmed.
 */
export const importedFromAmazon = (order: AmazonOrder, orderItems: readonly AmazonOrderItem[]): ImportedOrder | null => {
  const address = order.ShippingAddress;
  const street = orNull(address?.AddressLine1) ?? orNull(address?.AddressLine2);
  if (!address || street === null) return null;
  const items = orderItems.filter((item) => unshippedUnits(item) > 0).map((item) => ({ sku: (item.SellerSKU ?? '').trim(), name: item.Title ?? item.ASIN, quantity: unshippedUnits(item) }));
  if (items.length === 0) return null;
  const secondLine = [address.AddressLine1 ? address.AddressLine2 : undefined, address.AddressLine3].map(orNull).filter((line): line is string => line !== null);
  return {
    externalId: order.AmazonOrderId,
    orderNumber: order.AmazonOrderId,
    placedAt: isoOf(order.PurchaseDate),
    modifiedAt: isoOf(order.LastUpdateDate),
    receiver: {
      receiver_name: orNull(address.Name) ?? orNull(order.BuyerInfo?.BuyerName) ?? '',
      receiver_company: orNull(address.CompanyName),
      receiver_phone: orNull(address.Phone),
      receiver_address1: street,
      receiver_address2: secondLine.length > 0 ? secondLine.join(', ') : null,
      receiver_city: (address.City ?? '').trim(),
      receiver_state_province: (address.StateOrRegion ?? '').trim(),
      receiver_zip_postal: (address.PostalCode ?? '').trim(),
      receiver_country: (address.CountryCode ?? '').trim().toUpperCase(),
      receiver_email: null,
    },
    items,
  };
};
