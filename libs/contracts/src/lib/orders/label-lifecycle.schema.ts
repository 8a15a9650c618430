import { z } from 'zod';
import { idSchema } from '../common/ids';

/**
 * A bought label's life (docs/decisions/045): `purchased → void_requested → voided` when the carrier cancels it before
 * its manifest (the price comes back at once), or `→ refund_pending → refunded | refund_rejected` when the carrier
 * watches for scans first. A label no one voided is `purchased`.
 */
export const LABEL_STATES = ['purchased', 'void_requested', 'voided', 'refund_pending', 'refunded', 'refund_rejected'] as const;
export const labelStateSchema = z.enum(LABEL_STATES);
export type LabelState = z.infer<typeof labelStateSchema>;

/** EasyPost's tracker vocabulary, for every carrier. */
export const TRACKING_STATUS_VALUES = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
  'unknown',
] as const;
export const trackingStatusSchema = z.enum(TRACKING_STATUS_VALUES);
export type TrackingStatusValue = z.infer<typeof trackingStatusSchema>;

export const trackingEventSchema = z.object({
  status: trackingStatusSchema,
  message: z.string(),
  /** ISO 8601. */
  occurredAt: z.string(),
  location: z.string().nullable(),
});
export type TrackingEventView = z.infer<typeof trackingEventSchema>;

/** GET /api/orders/{orderId}/tracking (a single label) and GET /api/orders/bulk/{orderId}/tracking/{trackingNumber}. */
export const labelTrackingSchema = z.object({
  trackingNumber: z.string(),
  /** The label carrier that sold it (sandbox, easypost, usps). */
  carrier: z.string(),
  /** The courier carrying the parcel (usps, ups, fedex, dhl_express), by the label's service; null when not known. */
  courier: z.string().nullable(),
  status: trackingStatusSchema,
  /** True once a scan beyond pre-transit: the label can no longer be voided. */
  used: z.boolean(),
  /** Oldest first. */
  events: z.array(trackingEventSchema),
  /** ISO 8601: when the carrier was last heard from, null when never yet. */
  checkedAt: z.string().nullable(),
});
export type LabelTracking = z.infer<typeof labelTrackingSchema>;

/** POST /api/orders/{orderId}/void: the label's new state and the amount coming back (cents). */
export const voidLabelResponseSchema = z.object({
  orderId: z.string(),
  trackingNumber: z.string(),
  state: labelStateSchema,
  amount: z.number().int(),
  /** What happens to the money, in words, e.g. "$8.50 is back on your balance." */
  message: z.string(),
});
export type VoidLabelResponse = z.infer<typeof voidLabelResponseSchema>;

/** A tracking number as the carriers write them (letters and digits, 8 to 40). */
export const trackingNumberSchema = z.string({ error: 'Tracking number must be text' }).regex(/^[A-Za-z0-9]{8,40}$/, 'must be a tracking number (8 to 40 letters or digits)');

/** Labels of a whole-batch void answered per call: the reply stays well under NATS's 8 MB and the gateway's timeout. */
export const BATCH_VOID_PAGE = 5_000;

const bulkVoidFields = {
  /** The labels to void; absent voids the batch's labels page by page, from `fromRow`. */
  trackingNumbers: z.array(trackingNumberSchema).min(1).max(10_000).optional(),
  /** A whole-batch void goes on from this file row (the previous answer's `nextRow`); 1 when absent. */
  fromRow: z.number().int().min(1).optional(),
};
const oneWayToChoose = (body: { trackingNumbers?: unknown; fromRow?: unknown }, ctx: z.RefinementCtx): void => {
  if (body.trackingNumbers !== undefined && body.fromRow !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['fromRow'], message: 'Send trackingNumbers or fromRow, not both' });
  }
};

/** POST /api/orders/bulk/{orderId}/void: the batch's labels to void, all of them (in pages) when absent. */
export const bulkVoidBodySchema = z.object(bulkVoidFields).strict().superRefine(oneWayToChoose);
/** The RPC's request: the body and the batch (not strict, so an older replica's request still parses). */
export const bulkVoidRequestSchema = z.object({ orderId: idSchema, ...bulkVoidFields }).superRefine(oneWayToChoose);
export type BulkVoidBody = z.infer<typeof bulkVoidBodySchema>;

export const bulkVoidResultSchema = z.object({
  trackingNumber: z.string(),
  result: z.enum(['voided', 'refund_pending', 'refused']),
  /** The label's state after the call (unchanged when refused). */
  state: labelStateSchema,
  /** Cents coming back for this label (0 when refused). */
  amount: z.number().int(),
  /** Why it was refused, null otherwise. */
  reason: z.string().nullable(),
});
export type BulkVoidResult = z.infer<typeof bulkVoidResultSchema>;

export const bulkVoidResponseSchema = z.object({
  results: z.array(bulkVoidResultSchema),
  voided: z.number().int(),
  refundPending: z.number().int(),
  refused: z.number().int(),
  /** Cents credited at once (voided) plus cents pending (refund_pending). */
  amountBack: z.number().int(),
  amountPending: z.number().int(),
  /**
   * A whole-batch void answers at most BATCH_VOID_PAGE labels: the file row to send as `fromRow` for the next page,
   * null when this page was the last (and always for a list of tracking numbers).
   */
  nextRow: z.number().int().min(1).nullable().default(null),
});
export type BulkVoidResponse = z.infer<typeof bulkVoidResponseSchema>;

/** One label of a batch, for the batch detail view. */
export const batchLabelSchema = z.object({
  itemId: z.string(),
  /** 1-based, as in the uploaded file. */
  row: z.number().int(),
  trackingNumber: z.string(),
  receiverName: z.string(),
  serviceName: z.string(),
  price: z.number().int(),
  state: labelStateSchema,
  trackingStatus: trackingStatusSchema.nullable(),
  /** Why a refund was rejected or a void refused at the carrier, null otherwise. */
  reason: z.string().nullable(),
});
export type BatchLabel = z.infer<typeof batchLabelSchema>;

/** GET /api/orders/bulk/{orderId}/labels?page&limit: the labels a batch bought, in file order. */
export const batchLabelsPageSchema = z.object({
  labels: z.array(batchLabelSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type BatchLabelsPage = z.infer<typeof batchLabelsPageSchema>;

/** GET /api/orders/refunds/{userId}: money the carriers are still deciding about (not spendable until refunded). */
export const refundSummarySchema = z.object({
  pendingCents: z.number().int(),
  pendingCount: z.number().int(),
  refundedCents: z.number().int(),
  refundedCount: z.number().int(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/** One label's void as admins see it (Orders & Labels → Refunds). */
export const adminRefundSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  /** The single order's id or the batch's id. */
  orderId: z.string(),
  kind: z.enum(['single', 'bulk']),
  trackingNumber: z.string(),
  carrier: z.string(),
  amount: z.number().int(),
  state: labelStateSchema,
  reason: z.string().nullable(),
  /** `customer`, `admin` or `auto` (the daily refund of unused labels). */
  requestedBy: z.enum(['customer', 'admin', 'auto']),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundsPageSchema = z.object({
  refunds: z.array(adminRefundSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminRefundsPage = z.infer<typeof adminRefundsPageSchema>;

/** GET /api/orders/bulk/{orderId}/labels query. */
export const batchLabelsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  });

/** GET /api/admin/orders/refunds query. */
export const adminRefundsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    state: labelStateSchema.optional(),
  });
