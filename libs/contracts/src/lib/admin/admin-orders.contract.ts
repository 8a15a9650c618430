import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { apiModeSchema } from '../caller';
import { bulkOrderSchema, bulkStatusSchema } from '../orders/bulk-order.schema';
import { orderStatusSchema } from '../orders/order.schema';
import { labelCarrierSchema } from '../orders/label-carrier.schema';
import { singleOrderSchema } from '../orders/single-order.schema';
import { labelCostFieldsSchema, labelCostsSchema } from './label-costs.schema';

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
    /** Single orders whose label it sold, and batches with at least one bought label it sold. */
    carrier: labelCarrierSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The start date must not be after the end date', path: ['from'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** One single order or batch, with which carriers sold its bought labels and what they cost us (labelCostsSchema). */
export const adminOrderRowSchema = labelCostsSchema.extend({
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
  /** A `zpl` batch's labels file (its pdfName is then null), as on the customer's batch; absent from older replicas. */
  zplName: z.string().nullable().optional(),
  resultCSVName: z.string().nullable(),
  autoConfirmCSVName: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** A single order's or batch's mode (decision 127: a test one is shown marked, and counts in no admin figure); absent from older replicas: live. */
  mode: apiModeSchema.optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersPageSchema = z.object({ items: z.array(adminOrderRowSchema), total: z.number().int() });

/** One single order as an operator reads it: who sent what to whom, and what happened. */
export const adminSingleOrderSchema = labelCostFieldsSchema.extend({
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

/** A batch's bought labels, a page at a time (row order). */
export const adminBatchLabelsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminBatchLabelsQuery = z.infer<typeof adminBatchLabelsQuerySchema>;

export const adminBatchLabelSchema = labelCostFieldsSchema.extend({
  itemId: z.string(),
  /** The row of the uploaded file. */
  row: z.number().int(),
  recipient: z.string(),
  serviceName: z.string(),
  trackingNumber: z.string().nullable(),
  priceCents: z.number().int(),
});
export type AdminBatchLabel = z.infer<typeof adminBatchLabelSchema>;

/** GET /api/admin/orders/batch/{id}/labels: one page of the labels, and the cost and margin of all of them. */
export const adminBatchLabelsSchema = z.object({
  items: z.array(adminBatchLabelSchema),
  total: z.number().int(),
  costs: labelCostsSchema,
});
export type AdminBatchLabels = z.infer<typeof adminBatchLabelsSchema>;

export const OrdersAdminListRpc = {
  list: defineRpc('orders.admin.list.v1', adminOrdersQuerySchema, adminOrdersPageSchema, { who: 'admin' }),
  single: defineRpc('orders.admin.single.v1', z.object({ orderId: idSchema }), adminSingleOrderSchema, { who: 'admin' }),
  batchLabels: defineRpc('orders.admin.batch-labels.v1', adminBatchLabelsQuerySchema.extend({ bulkOrderId: idSchema }), adminBatchLabelsSchema, { who: 'admin' }),
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
