import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { bulkProcessResponseSchema, labelFormatSchema } from '../orders/bulk-order.schema';
import { rateRuleSchema } from '../orders/bulk-rate-rule.schema';
import { courierField, senderSchema } from '../orders/single-order.schema';
import { storeOrderPackageSchema, storeOrderSchema } from './stores.schema';

/**
 * Issue 47's inbox (decision 113): imported orders selected in "Awaiting shipment" bought as one batch, under the
 * batch's rate rule, with the labels, files and SCAN form a bulk batch has. Each imported order is claimed by its
 * batch row, so it is never bought twice by mistake; one that already has a label is left out unless the seller
 * ticks "buy another label" for it.
 */

/** The most imported orders one purchase takes (a few pages of the inbox). */
export const STORE_BATCH_MAX_ORDERS = 500;

const storeOrderIdsField = (what: string) =>
  z.array(z.uuid({ error: `${what}: not an imported order's id` }), { error: `${what} must be a list of imported order ids` }).max(STORE_BATCH_MAX_ORDERS, {
    error: `At most ${STORE_BATCH_MAX_ORDERS} orders at once`,
  });

/** POST /api/stores/orders/batch. */
export const buyStoreBatchBodySchema = z
  .object({
    /** The submission's own id (the batch's): sent again, it answers the same batch. The page makes one per dialog. */
    batchId: z.uuid({ error: 'batchId must be a UUID' }).optional(),
    storeOrderIds: storeOrderIdsField('storeOrderIds').min(1, { error: 'Select at least one order' }),
    /** Of those, the ones that already have a label and are bought again on purpose ("buy another label"). */
    buyAnother: storeOrderIdsField('buyAnother').default([]),
    /** A fixed service (`service_name`), the cheapest, or the cheapest arriving within N days (decision 086). */
    rateRule: rateRuleSchema,
    service_name: z.string({ error: 'service_name must be text' }).trim().min(1).max(80).optional(),
    courier: courierField,
    sender: senderSchema,
    labelFormat: labelFormatSchema.default('4x6'),
  })
  .strict()
  .refine((body) => body.rateRule.kind !== 'service' || body.service_name !== undefined, {
    error: 'Choose a service, or buy the cheapest',
    path: ['service_name'],
  });
export type BuyStoreBatchBody = z.output<typeof buyStoreBatchBodySchema>;

/** An imported order left out of the purchase: it already has a label (date and tracking). */
export const leftOutStoreOrderSchema = z.object({ storeOrderId: z.string(), orderNumber: z.string(), shippedAt: z.string(), trackingNumber: z.string() });
export type LeftOutStoreOrder = z.infer<typeof leftOutStoreOrderSchema>;

/** An imported order abroad left out of the purchase: its SKUs do not give what its country's customs require. */
export const customsRefusedStoreOrderSchema = z.object({ storeOrderId: z.string(), orderNumber: z.string(), message: z.string() });
export type CustomsRefusedStoreOrder = z.infer<typeof customsRefusedStoreOrderSchema>;

/**
 * The batch started (its id is a bulk order's: its progress, files and SCAN form as any batch's), and the orders left
 * out because they already have a label; `alreadyShippedCount` counts them. `customsRefused` (decision 121): the
 * orders abroad left out alone for their customs, each with its reason (the SKU and what it lacks).
 */
export const storeBatchResponseSchema = bulkProcessResponseSchema.extend({ leftOut: z.array(leftOutStoreOrderSchema), customsRefused: z.array(customsRefusedStoreOrderSchema).optional() });
export type StoreBatchResponse = z.infer<typeof storeBatchResponseSchema>;

/**
 * What the gateway asks orders to buy: the body. Orders weighs and declares each order from the seller's SKUs itself
 * (decision 121); `packages` (parcels by imported order id) is what a gateway of the release before sends, used for an
 * order whose SKUs give no parcel.
 */
export const storeBatchRequestSchema = z.object({
  batchId: idSchema,
  storeOrderIds: z.array(idSchema).min(1).max(STORE_BATCH_MAX_ORDERS),
  buyAnother: z.array(idSchema).max(STORE_BATCH_MAX_ORDERS),
  rateRule: rateRuleSchema,
  service_name: z.string().optional(),
  courier: courierField,
  sender: senderSchema,
  labelFormat: labelFormatSchema,
  packages: z.record(z.string(), storeOrderPackageSchema).default({}),
});

export const StoreBatchRpc = {
  /** The caller's imported orders of these ids with their labels (a gateway of the release before decision 121 weighs them from the SKUs before buying). */
  orders: defineRpc('orders.stores.batch-orders.v1', z.object({ ids: z.array(idSchema).min(1).max(STORE_BATCH_MAX_ORDERS) }), z.object({ orders: z.array(storeOrderSchema) }), {
    who: 'signed-in',
    scope: 'labels:buy',
  }),
  /** Claims the orders for the batch's rows and submits it as a bulk batch (refused whole: nothing held, nothing claimed). */
  buy: defineRpc('orders.stores.batch-buy.v1', storeBatchRequestSchema, storeBatchResponseSchema, { who: 'signed-in', scope: 'labels:buy' }),
} as const;
