import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { defineStorePlugin, StoreRefusedError, type Fulfilment, type ImportPage, type StoreAccount } from '../plugin/store-plugin';
import { shopifyGraphql } from './shopify-api';
import { shopifyOAuth } from './shopify-oauth';
import { importedFromShopify, importedFromShopifyWebhook, OPEN_FULFILLMENT_ORDER, shopifyOrderSchema, shopifyWebhookOrderSchema } from './shopify-order';
import { FULFILMENT_CANCEL_MUTATION, FULFILMENT_CREATE_MUTATION, FULFILMENT_STATE_QUERY, ORDERS_QUERY, SHOPIFY_PAGE_SIZE } from './shopify-queries';
import { SHOP_DOMAIN, shopifySettings, type ShopifySettings } from './shopify-settings';

/** The shop's myshopify domain as the seller may type it: `acme`, `acme.myshopify.com` or its https:// address. */
const credentials = z
  .object({
    shop: z
      .string({ error: 'shop must be text' })
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/^https?:\/\//, '').replace(/\/.*$/, ''))
      .transform((value) => (value.includes('.') ? value : `${value}.myshopify.com`))
      .refine((value) => SHOP_DOMAIN.test(value), 'shop must be your shop\'s myshopify.com address, e.g. acme.myshopify.com'),
  })
  .strict();

const ordersPageSchema = z.object({
  orders: z.object({ nodes: z.array(z.unknown()), pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }) }),
});

/** Shopify's search syntax for the orders awaiting shipment, changed at or after the cursor (to the second). */
export const ordersSearch = (cursor: string | null): string =>
  ['financial_status:paid', 'fulfillment_status:unfulfilled', 'status:open', ...(cursor === null ? [] : [`updated_at:>='${cursor}'`])].join(' ');

async function* importOrders(account: StoreAccount, cursor: string | null, http: StoreHttp, settings: ShopifySettings): AsyncIterable<ImportPage> {
  let newest = cursor === null ? 0 : Date.parse(cursor);
  let after: string | null = null;
  for (let page = 1; ; page++) {
    const data = ordersPageSchema.parse(await shopifyGraphql(http, account, settings, ORDERS_QUERY, { first: SHOPIFY_PAGE_SIZE, after, query: ordersSearch(cursor) }));
    const orders = [];
    for (const [index, node] of data.orders.nodes.entries()) {
      const parsed = shopifyOrderSchema.safeParse(node);
      if (!parsed.success) throw new Error(`Shopify answered an order we cannot read (page ${page}, item ${index + 1}): ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      newest = Math.max(newest, Date.parse(parsed.data.updatedAt));
      const imported = importedFromShopify(parsed.data);
      if (imported) orders.push(imported);
    }
    const last = !data.orders.pageInfo.hasNextPage || data.orders.pageInfo.endCursor === null;
    // The cursor moves only once every page was read (a crash reads the same pages again, harmlessly); `>=` to the
    // second reads the newest order again next time, which is not imported twice.
    yield { orders, cursor: last && newest > 0 ? new Date(Math.floor(newest / 1000) * 1000).toISOString().replace('.000Z', 'Z') : null };
    if (last) return;
    after = data.orders.pageInfo.endCursor;
  }
}

const fulfilmentStateSchema = z.object({
  order: z
    .object({
      fulfillments: z.array(z.object({ id: z.string(), status: z.string(), trackingInfo: z.array(z.object({ number: z.string().nullable() })) })),
      fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: z.string(), status: z.string() })) }),
    })
    .nullable(),
});
const mutationPayloadSchema = z.object({ fulfillment: z.object({ id: z.string() }).nullable(), userErrors: z.array(z.object({ message: z.string() })) });
const fulfilmentCreateSchema = z.object({ fulfillmentCreate: mutationPayloadSchema });
const fulfilmentCancelSchema = z.object({ fulfillmentCancel: mutationPayloadSchema });

/** The order's fulfillments and fulfillment orders, as the write-back and its cancel read them first. */
const fulfilmentStateOf = async (account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: ShopifySettings) => {
  const state = fulfilmentStateSchema.parse(await shopifyGraphql(http, account, settings, FULFILMENT_STATE_QUERY, { id: fulfilment.externalId }));
  if (!state.order) throw new StoreRefusedError(`Shopify has no order ${fulfilment.orderNumber} any more`);
  return state.order;
};

const carries = (trackingNumber: string) => (done: { trackingInfo: Array<{ number: string | null }> }) => done.trackingInfo.some((info) => info.number === trackingNumber);

/**
 * Tells Shopify the order shipped: a fulfillment of its open fulfillment orders with the tracking, the buyer notified
 * by Shopify. Asked again (a retry after a lost answer), it first reads the order's fulfillments and adds none when
 * one already carries this tracking number, so the buyer is told once.
 */
async function writeBack(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: ShopifySettings): Promise<void> {
  const order = await fulfilmentStateOf(account, fulfilment, http, settings);
  if (order.fulfillments.some((done) => done.status !== 'CANCELLED' && carries(fulfilment.trackingNumber)(done))) return;
  const open = order.fulfillmentOrders.nodes.filter((fulfillmentOrder) => OPEN_FULFILLMENT_ORDER.has(fulfillmentOrder.status));
  if (open.length === 0) throw new StoreRefusedError(`order ${fulfilment.orderNumber} has nothing left to fulfil in Shopify (fulfilled or cancelled there)`);
  const trackingInfo = { company: fulfilment.courier, number: fulfilment.trackingNumber, ...(fulfilment.trackingUrl ? { url: fulfilment.trackingUrl } : {}) };
  const created = fulfilmentCreateSchema.parse(
    await shopifyGraphql(http, account, settings, FULFILMENT_CREATE_MUTATION, {
      fulfillment: { lineItemsByFulfillmentOrder: open.map((fulfillmentOrder) => ({ fulfillmentOrderId: fulfillmentOrder.id })), trackingInfo, notifyCustomer: true },
    }),
  );
  const errors = created.fulfillmentCreate.userErrors;
  if (errors.length > 0 || !created.fulfillmentCreate.fulfillment) throw new StoreRefusedError(`Shopify refused the fulfillment: ${errors.map((error) => error.message).join('; ') || 'no fulfillment made'}`);
}

/**
 * The label written back was voided (decision 113): the fulfillment carrying its tracking number is cancelled with
 * `fulfillmentCancel`, and Shopify opens new fulfillment orders for its items, so the order is to be fulfilled again
 * (and a label bought again is written back as the first was). Asked again after a lost answer, it reads the
 * order's fulfillments first and cancels none that is cancelled already.
 */
async function cancelWriteBack(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: ShopifySettings): Promise<void> {
  const order = await fulfilmentStateOf(account, fulfilment, http, settings);
  for (const done of order.fulfillments.filter((one) => one.status !== 'CANCELLED' && carries(fulfilment.trackingNumber)(one))) {
    const cancelled = fulfilmentCancelSchema.parse(await shopifyGraphql(http, account, settings, FULFILMENT_CANCEL_MUTATION, { id: done.id }));
    const errors = cancelled.fulfillmentCancel.userErrors;
    if (errors.length > 0 || !cancelled.fulfillmentCancel.fulfillment) throw new StoreRefusedError(`Shopify refused to cancel the fulfillment: ${errors.map((error) => error.message).join('; ') || 'nothing cancelled'}`);
  }
}

const header = (headers: Readonly<Record<string, string | undefined>>, name: string): string => headers[name] ?? '';

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the exact body with the app's secret. */
export const webhookHmac = (rawBody: string, secret: string): string => createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');

export const shopifyPlugin = defineStorePlugin({
  id: 'shopify',
  displayName: 'Shopify',
  credentials,
  connectFields: [{ name: 'shop', label: 'Shop address', input: 'text', hint: 'Your shop\'s myshopify.com address, e.g. acme.myshopify.com: you approve the connection at Shopify next' }],
  settings: shopifySettings,
  oauth: shopifyOAuth,
  importOrders,
  writeBack,
  cancelWriteBack,
  webhook: {
    storeKeyOf: (_rawBody, headers) => {
      const shop = header(headers, 'x-shopify-shop-domain').trim().toLowerCase();
      return SHOP_DOMAIN.test(shop) ? shop : null;
    },
    verify(rawBody, headers, _account, settings) {
      const given = Buffer.from(header(headers, 'x-shopify-hmac-sha256'), 'utf8');
      if (!settings.SHOPIFY_API_SECRET || given.length === 0) return false;
      const expected = Buffer.from(webhookHmac(rawBody, settings.SHOPIFY_API_SECRET), 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    parse(rawBody, headers) {
      if (header(headers, 'x-shopify-topic') !== 'orders/create') return null;
      const order = shopifyWebhookOrderSchema.safeParse(JSON.parse(rawBody) as unknown);
      return order.success ? importedFromShopifyWebhook(order.data) : null;
    },
  },
});
