// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { emptySchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { rawServiceSchema } from '../pricing/pricing.schema';
import { downloadKindSchema, FILE_CHUNK_BYTES, fileInfoSchema, orderListItemSchema } from './order.schema';
import { singleOrderSchema } from './single-order.schema';

export const OrdersRpc = {
  /** Buys one label. The same idempotency key from the same user answers the first result again. */
  placeSingle: defineRpc(
    'orders.single.place.v1',
    z.object({ userId: idSchema, idempotencyKey: z.string().min(8).max(200), order: singleOrderSchema }),
    z.object({ orderId: z.string(), pdfName: z.string(), trackingNumber: z.string(), priceCents: z.number().int() }),
  ),
  list: defineRpc('orders.order.list.v1', z.object({ userId: idSchema }), z.object({ orders: z.array(orderListItemSchema) })),
  recent: defineRpc('orders.order.recent.v1', z.object({ userId: idSchema, limit: z.number().int().min(1).max(100).default(20) }), z.object({ recentOrders: z.array(orderListItemSchema) })),
  total: defineRpc('orders.order.total.v1', z.object({ userId: idSchema }), z.object({ totalOrders: z.number().int() })),
  carrierServices: defineRpc('orders.carrier.services.v1', emptySchema, z.object({ services: z.array(rawServiceSchema) })),
  /** Finds a downloadable file; the caller must own it or be an admin. */
  fileInfo: defineRpc('orders.file.info.v1', z.object({ kind: downloadKindSchema, id: z.string().min(1).max(200) }), fileInfoSchema),
  fileChunk: defineRpc(
    'orders.file.chunk.v1',
    z.object({ fileId: idSchema, offset: z.number().int().min(0), length: z.number().int().min(1).max(FILE_CHUNK_BYTES) }),
    z.object({ base64: z.string(), done: z.boolean() }),
  ),
} as const;
