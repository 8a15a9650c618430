// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import {
  connectedStoreSchema,
  connectStoreBodySchema,
  storeListSchema,
  storeOrderSchema,
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
  connect: defineRpc('orders.stores.connect.v1', connectStoreBodySchema, connectedStoreSchema, { who: 'signed-in', scope: 'stores:manage' }),
  sync: defineRpc('orders.stores.sync.v1', z.object({ id: idSchema }), storeSyncResultSchema, { who: 'signed-in', scope: 'stores:manage' }),
  revoke: defineRpc('orders.stores.revoke.v1', z.object({ id: idSchema }), z.object({ deleted: z.boolean() }), { who: 'signed-in', scope: 'stores:manage' }),
  orders: defineRpc('orders.stores.orders.v1', storeOrdersQuerySchema, storeOrdersPageSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** One imported order of the caller's, to buy its label from. */
  order: defineRpc('orders.stores.order.v1', z.object({ id: idSchema }), storeOrderSchema, { who: 'signed-in', scope: 'labels:buy' }),
} as const;

/**
 * The idempotency key of an imported order's label: the order's own id, so buying it again answers the same label
 * (one label per imported order), and the write-back finds the label by it.
 */
export const storeOrderIdempotencyKey = (storeOrderId: string): string => `store-order:${storeOrderId}`;
