// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import {
  connectStoreAnswerSchema,
  connectStoreRequestSchema,
  storeOAuthCallbackQuerySchema,
  storeOAuthOutcomeSchema,
  storeListSchema,
  storeOrderWithPackageSchema,
  storeOrdersPageSchema,
  storeOrdersQuerySchema,
  storeSyncResultSchema,
} from './stores.schema';

/**
 * Store connections and their imported orders (issue 47, decision 105), kept by orders. Every request acts on the
 * signed-in caller's own connections and orders (an admin signed in as the customer acts as them).
 */
export const StoresRpc = {
  list: defineRpc('orders.stores.list.v1', z.object({}), storeListSchema, { who: 'signed-in', scope: 'stores:manage' }),
  /**
   * v2 (decision 107): the gateway sends the body as `fields` with its callback URL, and an OAuth store answers
   * `{authorizeUrl}`; v1 is no longer served (a connect a previous gateway relays during a rolling restart fails once).
   */
  connect: defineRpc('orders.stores.connect.v2', connectStoreRequestSchema, connectStoreAnswerSchema, { who: 'signed-in', scope: 'stores:manage' }),
  /** The store's redirect back after the seller approved (or refused): no caller, the state names the pending connection. */
  oauthCallback: defineRpc(
    'orders.stores.oauth-callback.v1',
    z.object({ kind: z.string().max(40), query: storeOAuthCallbackQuerySchema }),
    storeOAuthOutcomeSchema,
    { who: 'public' },
  ),
  /** A store's push (Shopify's orders/create): the exact body and lower-case headers, verified by the store's plugin. */
  push: defineRpc(
    'orders.stores.push.v1',
    z.object({
      kind: z.string().max(40),
      body: z.string().max(1_000_000),
      headers: z.record(z.string().max(200), z.string().max(2_000)).refine((headers) => Object.keys(headers).length <= 64, 'At most 64 headers'),
    }),
    z.object({ accepted: z.boolean(), imported: z.number().int() }),
    { who: 'public' },
  ),
  sync: defineRpc('orders.stores.sync.v1', z.object({ id: idSchema }), storeSyncResultSchema, { who: 'signed-in', scope: 'stores:manage' }),
  revoke: defineRpc('orders.stores.revoke.v1', z.object({ id: idSchema }), z.object({ deleted: z.boolean() }), { who: 'signed-in', scope: 'stores:manage' }),
  orders: defineRpc('orders.stores.orders.v1', storeOrdersQuerySchema, storeOrdersPageSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** One imported order of the caller's, to buy its label from. */
  order: defineRpc('orders.stores.order.v1', z.object({ id: idSchema }), storeOrderWithPackageSchema, { who: 'signed-in', scope: 'labels:buy' }),
} as const;

/**
 * The idempotency key of an imported order's label: the order's own id, so buying it again answers the same label
 * (one label per imported order), and the write-back finds the label by it.
 */
export const storeOrderIdempotencyKey = (storeOrderId: string): string => `store-order:${storeOrderId}`;
