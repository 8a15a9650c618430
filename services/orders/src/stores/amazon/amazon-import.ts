import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import type { ImportPage, StoreAccount } from '../plugin/store-plugin';
import { SpApi, type RestrictedResource } from './amazon-api';
import { amazonOrderItemSchema, amazonOrderSchema, importedFromAmazon, type AmazonOrderItem } from './amazon-order';
import type { AmazonSettings } from './amazon-settings';

/** Orders asked for a page at a time: the most getOrders' MaxResultsPerPage allows. */
export const AMAZON_PAGE_SIZE = 100;
/** The first import reads orders changed in the last 30 days: an unshipped order older than that is late already. */
const FIRST_IMPORT_DAYS = 30;
/**
 * The next import starts this long before the latest change seen: Amazon's order data settles within about two
 * minutes (its guidance for LastUpdatedBefore), and an order seen again is not imported twice.
 */
const CURSOR_OVERLAP_MS = 120_000;

/** getOrders answers buyers' addresses (and names) only with a Restricted Data Token for them. */
const ORDERS_WITH_ADDRESSES: readonly RestrictedResource[] = [{ method: 'GET', path: '/orders/v0/orders', dataElements: ['shippingAddress', 'buyerInfo'] }];

const ordersPage = z.object({ payload: z.object({ Orders: z.array(z.unknown()), NextToken: z.string().optional() }) });
const itemsPage = z.object({ payload: z.object({ OrderItems: z.array(amazonOrderItemSchema), NextToken: z.string().optional() }) });

/** Every item of the order, `NextToken` page after page. */
export const orderItemsOf = async (api: SpApi, amazonOrderId: string): Promise<AmazonOrderItem[]> => {
  const items: AmazonOrderItem[] = [];
  let next: string | undefined;
  do {
    const answer = await api.call({ operation: 'getOrderItems', method: 'GET', path: `/orders/v0/orders/${encodeURIComponent(amazonOrderId)}/orderItems`, ...(next ? { query: { NextToken: next } } : {}) });
    const page = itemsPage.safeParse(answer.body);
    if (!page.success) throw new Error(`Amazon answered the items of order ${amazonOrderId} in a shape we cannot read: ${page.error.issues[0]?.message ?? 'unknown'}`);
    items.push(...page.data.payload.OrderItems);
    next = page.data.payload.NextToken || undefined;
  } while (next);
  return items;
};

/**
 * The seller-fulfilled (MFN) orders of the connection's marketplace still to ship (Unshipped, PartiallyShipped),
 * changed since the cursor, `NextToken` page after page, each with its items. Each page is handed on as it is read
 * (a crash keeps what was read); the cursor moves only once every page was read.
 */
export async function* importAmazonOrders(account: StoreAccount, cursor: string | null, http: StoreHttp, settings: AmazonSettings): AsyncIterable<ImportPage> {
  const api = new SpApi(account, http, settings);
  const marketplaceId = account.secrets['marketplace_id'] ?? '';
  const since = cursor ?? new Date(Date.now() - FIRST_IMPORT_DAYS * 86_400_000).toISOString();
  let newest = cursor === null ? 0 : Date.parse(cursor) + CURSOR_OVERLAP_MS;
  let next: string | undefined;
  for (let page = 1; ; page++) {
    const query: Record<string, string> = {
      MarketplaceIds: marketplaceId,
      OrderStatuses: 'Unshipped,PartiallyShipped',
      FulfillmentChannels: 'MFN',
      LastUpdatedAfter: since,
      MaxResultsPerPage: String(AMAZON_PAGE_SIZE),
      ...(next ? { NextToken: next } : {}),
    };
    const answer = await api.call({ operation: 'getOrders', method: 'GET', path: '/orders/v0/orders', query, restricted: ORDERS_WITH_ADDRESSES });
    const parsed = ordersPage.safeParse(answer.body);
    if (!parsed.success) throw new Error(`Amazon answered a page of orders we cannot read (page ${page}): ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
    const orders = [];
    for (const [index, row] of parsed.data.payload.Orders.entries()) {
      const order = amazonOrderSchema.safeParse(row);
      if (!order.success) throw new Error(`Amazon answered an order we cannot read (page ${page}, order ${index + 1}): ${order.error.issues[0]?.message ?? 'unknown shape'}`);
      newest = Math.max(newest, Date.parse(order.data.LastUpdateDate));
      // An order without its street is not imported, so its items are not asked for (getOrderItems is limited too).
      if (!order.data.ShippingAddress?.AddressLine1 && !order.data.ShippingAddress?.AddressLine2) continue;
      const imported = importedFromAmazon(order.data, await orderItemsOf(api, order.data.AmazonOrderId));
      if (imported) orders.push(imported);
    }
    next = parsed.data.payload.NextToken || undefined;
    yield { orders, cursor: next === undefined && newest > 0 ? new Date(newest - CURSOR_OVERLAP_MS).toISOString() : null };
    if (next === undefined) return;
  }
}
