import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import type { Fulfilment, StoreAccount } from '../plugin/store-plugin';
import { callEbay, ebayUrl } from './ebay-api';
import { ebayLineItemSchema } from './ebay-order';

/**
 * eBay's shipping carrier codes (the Trading API's GeteBayDetails ShippingCarrierDetails, which
 * createShippingFulfillment's `shippingCarrierCode` names) for the couriers a label is bought with.
 */
const CARRIER_CODES: Readonly<Record<string, string>> = { USPS: 'USPS', UPS: 'UPS', FedEx: 'FedEx', 'DHL Express': 'DHL' };
export const ebayCarrierCode = (courier: string): string => CARRIER_CODES[courier] ?? 'Other';

/** "Only alphanumeric characters are supported for shipment tracking numbers" (createShippingFulfillment). */
export const ebayTrackingNumber = (trackingNumber: string): string => trackingNumber.replace(/[^A-Za-z0-9]/g, '');

const fulfillmentsSchema = z.object({
  fulfillments: z
    .array(z.object({ shipmentTrackingNumber: z.string().optional(), lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int().default(1) })).default([]) }))
    .default([]),
});
const orderLinesSchema = z.object({ lineItems: z.array(ebayLineItemSchema).default([]) });

/**
 * Tells eBay the order shipped: one shipping fulfillment (one package) with every line item and unit not yet shipped,
 * the carrier code, the tracking number and the time. createShippingFulfillment adds a package each time it is
 * called, so a retry first reads the order's fulfillments and adds none when one has this tracking number; an order
 * with nothing left to ship (the seller marked it shipped on eBay) is left as it is.
 */
export const writeBackToEbay = async (account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp): Promise<void> => {
  const path = `/sell/fulfillment/v1/order/${encodeURIComponent(fulfilment.externalId)}`;
  const trackingNumber = ebayTrackingNumber(fulfilment.trackingNumber);
  const { fulfillments } = fulfillmentsSchema.parse((await callEbay(http, account, { method: 'GET', url: ebayUrl(account, `${path}/shipping_fulfillment`) })).body ?? {});
  if (fulfillments.some((fulfillment) => fulfillment.shipmentTrackingNumber === trackingNumber)) return;
  const { lineItems } = orderLinesSchema.parse((await callEbay(http, account, { method: 'GET', url: ebayUrl(account, path) })).body ?? {});
  const shipped = (lineItemId: string) => fulfillments.flatMap((fulfillment) => fulfillment.lineItems).filter((line) => line.lineItemId === lineItemId).reduce((sum, line) => sum + line.quantity, 0);
  const left = lineItems
    .filter((item) => item.lineItemFulfillmentStatus !== 'FULFILLED')
    .map((item) => ({ lineItemId: item.lineItemId, quantity: item.quantity - shipped(item.lineItemId) }))
    .filter((line) => line.quantity > 0);
  if (left.length === 0) return;
  await callEbay(http, account, {
    method: 'POST',
    url: ebayUrl(account, `${path}/shipping_fulfillment`),
    body: { lineItems: left, shippedDate: new Date().toISOString(), shippingCarrierCode: ebayCarrierCode(fulfilment.courier), trackingNumber },
  });
};
