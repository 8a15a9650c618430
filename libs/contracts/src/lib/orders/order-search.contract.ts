// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { bulkOrdersPageSchema, bulkStatusSchema } from './bulk-order.schema';
import { courierSchema } from './couriers.schema';
import { orderListItemSchema, orderModeSchema } from './order.schema';

/** The most rows a search answers per page: a bigger page is refused with a 400 saying so. */
export const SEARCH_PAGE_SIZE_MAX = 100;
/** The most rows one CSV export holds (newest first); the page says so when more match. */
export const EXPORT_ROWS_CEILING = 10_000;
/** Rows per message while an export is streamed: a few hundred rows stay far under NATS's 1 MB. */
export const EXPORT_CHUNK_ROWS = 500;

/**
 * What the seller filters single orders by: the order's status (pending, cancelled), or for a bought label its life
 * after purchase. `completed` is a bought label nobody voided; a voided or refunded label is found by its own state.
 */
export const ORDER_SEARCH_STATES = ['completed', 'pending', 'cancelled', 'void_requested', 'voided', 'refund_pending', 'refunded', 'refund_rejected'] as const;
export const orderSearchStateSchema = z.enum(ORDER_SEARCH_STATES, { error: `State must be one of: ${ORDER_SEARCH_STATES.join(', ')}` });
export type OrderSearchState = z.infer<typeof orderSearchStateSchema>;

const utcDaySchema = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
/** Free text; an empty box is no search (the address may carry `q=`). */
const searchTextSchema = z
  .string()
  .trim()
  .max(100, { error: 'Search text is at most 100 characters' })
  .transform((text) => text || undefined)
  .optional();
const pageSchema = z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page starts at 1' }).default(1);
const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(SEARCH_PAGE_SIZE_MAX, { error: `limit must be at most ${SEARCH_PAGE_SIZE_MAX}` })
    .default(fallback);
const daysInOrder = <T extends { from?: string | undefined; to?: string | undefined }>(q: T) => !q.from || !q.to || q.from <= q.to;
const DAYS_IN_ORDER = { error: 'The start date must not be after the end date', path: ['from'] };

/**
 * Single orders' filters, all optional (days are UTC and inclusive). `q` finds an order by its id or tracking number
 * (either's beginning) or its receiver's name or package reference (any part), ignoring case. `userId` narrows an
 * admin's search to one customer; a customer only ever finds their own orders.
 */
const orderSearchFields = z.object({
  q: searchTextSchema,
  state: orderSearchStateSchema.optional(),
  service: z.string().trim().min(1).max(100, { error: 'Service is at most 100 characters' }).optional(),
  carrier: courierSchema.optional(),
  from: utcDaySchema.optional(),
  to: utcDaySchema.optional(),
  userId: idSchema.optional(),
  /** Live orders (absent) or the labels bought in test mode (decision 119): never both in one list. */
  mode: orderModeSchema.optional(),
});
export const orderSearchFiltersSchema = orderSearchFields.refine(daysInOrder, DAYS_IN_ORDER);
export type OrderSearchFilters = z.output<typeof orderSearchFiltersSchema>;

export const ORDER_SEARCH_PAGE_SIZE = 25;
/** GET /api/order-search: the filters, a page and its size. */
export const orderSearchQuerySchema = orderSearchFields.extend({ page: pageSchema, limit: limitSchema(ORDER_SEARCH_PAGE_SIZE) }).refine(daysInOrder, DAYS_IN_ORDER);
export type OrderSearchQuery = z.output<typeof orderSearchQuerySchema>;

/** One page of matching orders, newest first, and how many match in all. */
export const orderSearchPageSchema = z.object({ orders: z.array(orderListItemSchema), total: z.number().int().nonnegative() });
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;

/** Batches' filters: `q` finds a batch by its id's beginning or any part of one of its files' names, ignoring case. */
const batchSearchFields = z.object({
  q: searchTextSchema,
  status: bulkStatusSchema.exclude(['draft'], { error: 'Unknown batch status' }).optional(),
  from: utcDaySchema.optional(),
  to: utcDaySchema.optional(),
  userId: idSchema.optional(),
  /** Live batches (absent) or those made in test mode (decision 127): never both in one list. */
  mode: orderModeSchema.optional(),
});
export const batchSearchFiltersSchema = batchSearchFields.refine(daysInOrder, DAYS_IN_ORDER);
export type BatchSearchFilters = z.output<typeof batchSearchFiltersSchema>;

/** GET /api/batch-search: the filters, a page and its size (7, as the Batch Orders list). */
export const batchSearchQuerySchema = batchSearchFields.extend({ page: pageSchema, limit: limitSchema(7) }).refine(daysInOrder, DAYS_IN_ORDER);
export type BatchSearchQuery = z.output<typeof batchSearchQuerySchema>;

/** Where an export's previous chunk stopped (newest first: the last row's time and id). */
export const exportCursorSchema = z.object({ createdAt: z.iso.datetime(), id: idSchema });
export type ExportCursor = z.infer<typeof exportCursorSchema>;

/** A part of a CSV export: its lines (the header with the first part) and where the next part starts, if any. */
export const csvChunkSchema = z.object({ csv: z.string(), rows: z.number().int().nonnegative(), next: exportCursorSchema.nullable() });
export type CsvChunk = z.infer<typeof csvChunkSchema>;

const chunkRequest = { after: exportCursorSchema.optional(), limit: z.number().int().min(1).max(EXPORT_CHUNK_ROWS) };

export const OrdersSearchRpc = {
  /** A page of single orders in the caller's scope (an admin's: everyone's, or `userId`'s). */
  orders: defineRpc('orders.order.search.v1', orderSearchQuerySchema, orderSearchPageSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** The same filter's next part of the orders CSV. */
  ordersCsv: defineRpc('orders.order.export.v1', orderSearchFields.extend(chunkRequest).refine(daysInOrder, DAYS_IN_ORDER), csvChunkSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** A page of batches in the caller's scope. */
  batches: defineRpc('orders.bulk.search.v1', batchSearchQuerySchema, bulkOrdersPageSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** The same filter's next part of the batches CSV. */
  batchesCsv: defineRpc('orders.bulk.export.v1', batchSearchFields.extend(chunkRequest).refine(daysInOrder, DAYS_IN_ORDER), csvChunkSchema, { who: 'signed-in', scope: 'labels:read' }),
} as const;
