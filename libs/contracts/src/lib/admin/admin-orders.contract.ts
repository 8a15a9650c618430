import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { bulkOrderSchema, bulkStatusSchema } from '../orders/bulk-order.schema';
import { orderStatusSchema } from '../orders/order.schema';
import { singleOrderSchema } from '../orders/single-order.schema';

/** Every status an order or a batch can be in (a draft is not yet a batch); `completed` is both. */
export const adminOrderStatusSchema = z.enum([...orderStatusSchema.options, ...bulkStatusSchema.exclude(['draft']).options]);
const utcDaySchema = z.iso.date({ error: 'Dates are YYYY-MM-DD' });

/** The order-label management filters (all optional; days are UTC and inclusive). */
export const adminOrdersQuerySchema = z
  .object({
    userId: idSchema.optional(),
    kind: z.enum(['single', 'batch']).optional(),
    status: adminOrderStatusSchema.optional(),
    from: utcDaySchema.optional(),
    to: utcDaySchema.optional(),
    tracking: z.string().trim().regex(/^[0-9A-Za-z]{8,40}$/, { error: 'Enter a whole tracking number (8 to 40 letters or digits)' }).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The start date must not be after the end date', path: ['from'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  kind: z.enum(['single', 'batch']),
  id: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  status: z.string(),
  /** Single orders: the service bought; batches: null (a batch may mix services). */
  serviceName: z.string().nullable(),
  /** Labels made, and labels asked for (1 for a single order). */
  labels: z.number().int(),
  totalCount: z.number().int(),
  failedCount: z.number().int(),
  /** What was charged, in cents (a batch: its captured labels). */
  chargedCents: z.number().int(),
  /** A single order's tracking number, or the batch label matched by the tracking filter. */
  trackingNumber: z.string().nullable(),
  pdfName: z.string().nullable(),
  resultCSVName: z.string().nullable(),
  autoConfirmCSVName: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersPageSchema = z.object({ items: z.array(adminOrderRowSchema), total: z.number().int() });

/** One single order as an operator reads it: who sent what to whom, and what happened. */
export const adminSingleOrderSchema = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.string(),
  serviceName: z.string(),
  sender: singleOrderSchema.shape.sender,
  receiver: singleOrderSchema.shape.receiver,
  package: singleOrderSchema.shape.package,
  priceCents: z.number().int().nullable(),
  attempt: z.number().int(),
  trackingNumber: z.string().nullable(),
  pdfName: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSingleOrder = z.infer<typeof adminSingleOrderSchema>;

export const OrdersAdminListRpc = {
  list: defineRpc('orders.admin.list.v1', adminOrdersQuerySchema, adminOrdersPageSchema),
  single: defineRpc('orders.admin.single.v1', z.object({ orderId: idSchema }), adminSingleOrderSchema),
} as const;

/** GET /api/admin/orders: the rows with the owner's name and e-mail. */
export const adminOrdersResponseSchema = z.object({
  items: z.array(adminOrderRowSchema.extend({ userName: z.string().nullable(), userEmail: z.string().nullable() })),
  total: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** GET /api/admin/orders/{kind}/{id}. */
export const adminOrderDetailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), order: adminSingleOrderSchema }),
  z.object({ kind: z.literal('batch'), order: bulkOrderSchema }),
]);
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
