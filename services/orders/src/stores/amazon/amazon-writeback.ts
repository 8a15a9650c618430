import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import type { Fulfilment, StoreAccount } from '../plugin/store-plugin';
import { SpApi } from './amazon-api';
import { orderItemsOf } from './amazon-import';
import { amazonOrderSchema, unshippedUnits } from './amazon-order';
import type { AmazonSettings } from './amazon-settings';

/** Couriers by the `carrierCode` Amazon knows them by; any other is sent as `Other` with its name. */
const CARRIER_CODES: Readonly<Record<string, string>> = { USPS: 'USPS', UPS: 'UPS', FEDEX: 'FedEx', DHL: 'DHL' };

/**
 * The package's `packageReferenceId` ("a positive number, unique within the order"): drawn from the tracking number,
 * so a confirmation sent again names the same package and another label a different one.
 */
export const packageReferenceOf = (trackingNumber: string): string => String((parseInt(createHash('sha256').update(trackingNumber).digest('hex').slice(0, 12), 16) % 999_999_999) + 1);

const orderAnswer = z.object({ payload: amazonOrderSchema });

const readOrder = async (api: SpApi, amazonOrderId: string) => {
  const answer = await api.call({ operation: 'getOrder', method: 'GET', path: `/orders/v0/orders/${encodeURIComponent(amazonOrderId)}` });
  const parsed = orderAnswer.safeParse(answer.body);
  if (!parsed.success) throw new Error(`Amazon answered order ${amazonOrderId} in a shape we cannot read`);
  return parsed.data.payload;
};

/**
 * Confirms the shipment (Orders v0 confirmShipment): one package with the courier, tracking number, today's date and
 * every unit still to ship. The order is read first: one already Shipped (by this confirmation sent before, or by the
 * seller) is left alone, so a retry never confirms twice and Amazon tells the buyer once.
 */
export const writeBackToAmazon = async (account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: AmazonSettings): Promise<void> => {
  const api = new SpApi(account, http, settings);
  const order = await readOrder(api, fulfilment.externalId);
  if (order.OrderStatus === 'Shipped') return;
  if (order.OrderStatus === 'Canceled') throw new Error(`Amazon says order ${fulfilment.orderNumber} was cancelled: its tracking cannot be sent`);
  const lines = (await orderItemsOf(api, fulfilment.externalId)).filter((item) => unshippedUnits(item) > 0).map((item) => ({ orderItemId: item.OrderItemId, quantity: unshippedUnits(item) }));
  if (lines.length === 0) return;
  const courier = fulfilment.courier.trim();
  const carrierCode = CARRIER_CODES[courier.toUpperCase()] ?? 'Other';
  const packageDetail = {
    packageReferenceId: packageReferenceOf(fulfilment.trackingNumber),
    carrierCode,
    ...(carrierCode === 'Other' ? { carrierName: courier } : {}),
    trackingNumber: fulfilment.trackingNumber,
    shipDate: new Date().toISOString(),
    orderItems: lines,
  };
  await api.call({ operation: 'confirmShipment', method: 'POST', path: `/orders/v0/orders/${encodeURIComponent(fulfilment.externalId)}/shipmentConfirmation`, body: { marketplaceId: order.MarketplaceId ?? account.secrets['marketplace_id'], packageDetail } });
};
