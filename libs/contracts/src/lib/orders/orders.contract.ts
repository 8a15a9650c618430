// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineEvent, defineRpc } from '../define';
import { emptySchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { rawServiceSchema } from '../pricing/pricing.schema';
import { downloadKindSchema, FILE_CHUNK_BYTES, fileInfoSchema, orderListItemSchema, orderModeSchema, ordersListResponseSchema, recentOrdersResponseSchema, totalOrdersResponseSchema } from './order.schema';
import { labelCarrierSchema } from './label-carrier.schema';
import { labelSizeSchema } from './label-size.schema';
import { ratesBodySchema, ratesResponseSchema } from './rates.schema';
import { singleOrderSchema } from './single-order.schema';
import { shipmentMetadataSchema, shipmentReferenceSchema } from './api-shipment.schema';
import { chosenScanFormsBodySchema, slipVariantSchema, todayFormLabelsResponseSchema, todayScanFormsResponseSchema } from './shipping-day.schema';
import { verifyAddressBodySchema, verifyAddressResponseSchema } from '../address-rules/address-verification.schema';
import {
  activeBulkOrderResponseSchema,
  BULK_ROWS_CEILING,
  BULK_STAGE_ROWS,
  bulkFileDataSchema,
  bulkLimitsSchema,
  bulkOptionsSchema,
  bulkOrderItemSchema,
  bulkOrderSchema,
  bulkOrdersPageSchema,
  bulkProcessResponseSchema,
  bulkRecoverResponseSchema,
  bulkRetryResponseSchema,
  bulkRowsResponseSchema,
  bulkStatusSchema,
  sameReceiverBodySchema,
  sameReceiverResponseSchema,
  shippedLookupBodySchema,
  shippedLookupResponseSchema,
} from './bulk-order.schema';
import {
  adminRefundsPageSchema,
  batchLabelsPageSchema,
  bulkVoidRequestSchema,
  bulkVoidResponseSchema,
  labelStateSchema,
  labelTrackingSchema,
  refundSummarySchema,
  trackingNumberSchema,
  voidLabelResponseSchema,
} from './label-lifecycle.schema';
import { publicTrackingSchema, trackingLinkLabelSchema, trackingLinkRevokedSchema, trackingLinkSchema, trackingTokenSchema } from './public-tracking.schema';

/**
 * `orderId`: the draft's id when the caller chose it (the public API derives it from the user and their
 * Idempotency-Key, decision 103): made once, and answered again while it is the user's.
 */
const bulkInitRequestSchema = z.object({ userId: idSchema, orderId: idSchema.optional() });
const bulkProcessRequestSchema = z.object({ userId: idSchema, orderId: idSchema, rowCount: z.number().int().min(1).max(BULK_ROWS_CEILING), options: bulkOptionsSchema });

export const OrdersRpc = {
  /** Buys one label. The same idempotency key from the same user answers the first result again. */
  placeSingle: defineRpc(
    'orders.single.place.v1',
    z.object({
      userId: idSchema,
      idempotencyKey: z.string().min(8).max(200),
      order: singleOrderSchema,
      /** The integrator's own reference and data, kept with the order (the public API v1, decision 103). */
      reference: shipmentReferenceSchema.optional(),
      metadata: shipmentMetadataSchema.optional(),
      /**
       * A new order is written only this long after orders received the request: the gateway stops waiting soon
       * after, asks findByKey, and answers "not charged" when there is no order, which must then stay true.
       */
      writeWithinMs: z.number().int().min(1).max(120_000).optional(),
    }),
    z.object({ orderId: z.string(), pdfName: z.string(), trackingNumber: z.string(), priceCents: z.number().int() }),
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  /** The order a user placed with an idempotency key, if any (the gateway's answer when a purchase is still running). */
  findByKey: defineRpc(
    'orders.single.find-by-key.v1',
    z.object({ userId: idSchema, idempotencyKey: z.string().min(8).max(200) }),
    z.object({ order: orderListItemSchema.nullable() }),
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  list: defineRpc('orders.order.list.v1', z.object({ userId: idSchema, mode: orderModeSchema.optional() }), ordersListResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  recent: defineRpc('orders.order.recent.v1', z.object({ userId: idSchema, limit: z.number().int().min(1).max(100).default(20), mode: orderModeSchema.optional() }), recentOrdersResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  total: defineRpc('orders.order.total.v1', z.object({ userId: idSchema }), totalOrdersResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  carrierServices: defineRpc('orders.carrier.services.v1', emptySchema, z.object({ services: z.array(rawServiceSchema) }), { who: 'admin', services: ['pricing'] }),
  /**
   * Finds a downloadable file; the caller must own it or be an admin. `labelSize`: the paper of this download of a PDF
   * label; left out, the caller's preference (decision 096).
   */
  fileInfo: defineRpc(
    'orders.file.info.v1',
    z.object({ kind: downloadKindSchema, id: z.string().min(1).max(200), variant: slipVariantSchema.optional(), labelSize: labelSizeSchema.optional() }),
    fileInfoSchema,
    { who: 'signed-in', scope: 'labels:read' },
  ),
  fileChunk: defineRpc(
    'orders.file.chunk.v1',
    z.object({ fileId: idSchema, offset: z.number().int().min(0), length: z.number().int().min(1).max(FILE_CHUNK_BYTES) }),
    z.object({ base64: z.string(), done: z.boolean() }),
    { who: 'signed-in', scope: 'labels:read' },
  ),
  /** The rows a batch may hold here (orders' BULK_MAX_ROWS setting) and the largest file the page reads for them. */
  bulkLimits: defineRpc('orders.bulk.limits.v1', emptySchema, bulkLimitsSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /** Spec: `POST /api/orders/bulk/init` — an id for the batch the user is about to submit (a draft, never listed). */
  bulkInit: defineRpc(
    'orders.bulk.init.v1',
    bulkInitRequestSchema,
    z.object({ orderId: z.string() }),
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  /**
   * Uploads a slice of a draft's rows. A batch travels in slices because NATS refuses messages over 1 MB;
   * sending the same slice again replaces it.
   */
  bulkStage: defineRpc(
    'orders.bulk.stage.v1',
    z.object({ userId: idSchema, orderId: idSchema, firstRow: z.number().int().min(0).max(BULK_ROWS_CEILING - 1), rows: z.array(bulkOrderItemSchema).min(1).max(BULK_STAGE_ROWS) }),
    bulkRowsResponseSchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  /** Which of a user's order IDs already have a bought label that was neither voided nor refunded (issue 47). */
  bulkShipped: defineRpc('orders.bulk.shipped.v1', shippedLookupBodySchema.extend({ userId: idSchema }), shippedLookupResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  /** The user's newest label of the last 24 hours to this receiver with these items, single or in a batch (issue 47). */
  sameReceiverLabel: defineRpc('orders.label.same-receiver.v1', sameReceiverBodySchema.extend({ userId: idSchema }), sameReceiverResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  /**
   * Validates and prices every staged row, holds the total on the balance, stores the items and starts buying.
   * Refused whole (nothing held, no item stored) when a row cannot be bought or the balance cannot cover it.
   * Submitting the same orderId again answers the batch already started.
   */
  bulkProcess: defineRpc(
    'orders.bulk.process.v1',
    bulkProcessRequestSchema,
    bulkProcessResponseSchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  /**
   * `bulkInit` and `bulkProcess` for a test-mode caller (decision 124), under subjects only replicas that know a batch's
   * mode serve: during a rolling update a replica of the previous release, which would make a test key's batch live
   * and hold it on the live balance, never receives one (no responders until a new replica runs: 503, nothing moved).
   */
  bulkInitInTestMode: defineRpc(
    'orders.bulk.init.v2',
    bulkInitRequestSchema,
    z.object({ orderId: z.string() }),
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  bulkProcessInTestMode: defineRpc(
    'orders.bulk.process.v2',
    bulkProcessRequestSchema,
    bulkProcessResponseSchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' },
  ),
  bulkList: defineRpc(
    'orders.bulk.list.v1',
    z.object({ userId: idSchema, page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(100).default(7), mode: orderModeSchema.optional() }),
    bulkOrdersPageSchema,
    { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' },
  ),
  /** One batch; the caller must own it or be an admin. */
  bulkGet: defineRpc('orders.bulk.get.v1', z.object({ orderId: idSchema }), bulkOrderSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** The user's batch still being worked on, if any (the progress widget finds it again after a reload). */
  bulkActive: defineRpc('orders.bulk.active.v1', z.object({ userId: idSchema }), activeBulkOrderResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  /** Buys the failed items again under a new hold; NOT_FOUND-free 400 (VALIDATION_FAILED) when none failed. */
  bulkRetryFailed: defineRpc('orders.bulk.retry-failed.v1', z.object({ orderId: idSchema }), bulkRetryResponseSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /** Rebuilds the batch's three files from its items. */
  bulkRecover: defineRpc('orders.bulk.recover.v1', z.object({ orderId: idSchema }), bulkRecoverResponseSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /**
   * Voids a single order's label (owner or admin): cancelled at the carrier and credited at once, or a refund the
   * carrier watches for scans first. A label already voided or not eligible (scanned, past the window) is refused
   * with the reason (CONFLICT / VALIDATION_FAILED) and moves nothing.
   */
  voidLabel: defineRpc('orders.label.void.v1', z.object({ orderId: idSchema }), voidLabelResponseSchema, { who: 'signed-in', scope: 'labels:void' }),
  /** Voids a batch's labels (all when trackingNumbers is absent): a result per label. */
  bulkVoid: defineRpc(
    'orders.bulk.void.v1',
    bulkVoidRequestSchema,
    bulkVoidResponseSchema,
    { who: 'signed-in', scope: 'labels:void' },
  ),
  /** The carrier's verification of an address when ADDRESS_CHECK is `carrier` (any signed-in user; an API key with labels:read, decision 103). */
  verifyAddress: defineRpc('orders.address.verify.v1', verifyAddressBodySchema, verifyAddressResponseSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** A single order's tracking (owner or admin). */
  tracking: defineRpc('orders.label.tracking.v1', z.object({ orderId: idSchema }), labelTrackingSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** One label of a batch's tracking (owner or admin). */
  bulkTracking: defineRpc('orders.bulk.tracking.v1', z.object({ orderId: idSchema, trackingNumber: trackingNumberSchema }), labelTrackingSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** The label's link for its buyer (owner or admin): the live one, or a new one when it has none (decision 089). */
  issueTrackingLink: defineRpc('orders.tracking-link.issue.v1', trackingLinkLabelSchema, trackingLinkSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** Turns the label's link off (owner or admin): its page answers not found from then on; a new link may be asked. */
  revokeTrackingLink: defineRpc('orders.tracking-link.revoke.v1', trackingLinkLabelSchema, trackingLinkRevokedSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** What anyone holding a live link sees of the parcel: no receiver, no street, no price (decision 089). */
  publicTracking: defineRpc('orders.tracking.public.v1', z.object({ token: trackingTokenSchema }), publicTrackingSchema, { who: 'public' }),
  /** The labels a batch bought, with their states, in file order (owner or admin). */
  bulkLabels: defineRpc(
    'orders.bulk.labels.v1',
    z.object({ orderId: idSchema, page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(500).default(100) }),
    batchLabelsPageSchema,
    { who: 'signed-in', scope: 'labels:read' },
  ),
  /** Today's SCAN forms of a customer's single labels, made for labels on none yet (self or admin). */
  scanFormsToday: defineRpc('orders.scan-forms.today.v1', z.object({ userId: idSchema }), todayScanFormsResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' }),
  /** A subject of its own, not a field on `today`: a replica of the previous release would make forms for every label. */
  scanFormsChosen: defineRpc('orders.scan-forms.chosen.v1', chosenScanFormsBodySchema.extend({ userId: idSchema }), todayScanFormsResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:buy' }),
  scanFormsTodayLabels: defineRpc('orders.scan-forms.today-labels.v1', z.object({ userId: idSchema }), todayFormLabelsResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  /** Money the carriers are still deciding about, and what refunds gave back (self or admin). */
  refundSummary: defineRpc('orders.refunds.summary.v1', z.object({ userId: idSchema }), refundSummarySchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  /** Every label void with its state, newest first (admins). */
  adminRefunds: defineRpc(
    'orders.admin.refunds.v1',
    z.object({ page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(100).default(25), state: labelStateSchema.optional() }),
    adminRefundsPageSchema,
    { who: 'admin' },
  ),
  /**
   * A carrier's push (a tracking event; carriers call them webhooks) as the gateway received it at
   * `POST /api/webhooks/carriers/{carrier}`: the exact body and the request's headers, verified here with that carrier's
   * secret and signature header (the gateway knows neither). A forged, unsigned or replayed event changes nothing.
   * A new subject: `orders.webhook.easypost.v1` (EasyPost's alone) is no longer served; a push a previous gateway
   * relays during a rolling restart is retried by EasyPost, as for any non-2xx answer.
   */
  /** Every service the user may buy for one parcel, compared: prices, days, tags (issue 45; costs for admins only). */
  rates: defineRpc('orders.rates.compare.v1', ratesBodySchema, ratesResponseSchema, { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' }),
  carrierPush: defineRpc(
    'orders.carrier-push.v1',
    z.object({
      carrier: labelCarrierSchema,
      body: z.string().max(1_000_000),
      /** Lower-case header names; the gateway passes at most 64 headers of at most 2,000 characters. */
      headers: z.record(z.string().max(200), z.string().max(2_000)).refine((headers) => Object.keys(headers).length <= 64, 'At most 64 headers'),
    }),
    z.object({ accepted: z.boolean() }),
    { who: 'public' },
  ),
} as const;

/** Spec 3 "Progress event", with the owner so the gateway needs no lookup to relay it. */
export const bulkProgressEventSchema = z.object({
  orderId: z.string(),
  userId: z.string(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  status: bulkStatusSchema,
  totalCount: z.number().int(),
  fileData: bulkFileDataSchema.optional(),
});
export type BulkProgressEvent = z.infer<typeof bulkProgressEventSchema>;

/** A batch has labels waiting to be bought (submitted, or a retry round begun): every orders replica looks at once. */
export const bulkWorkWaitingEventSchema = z.object({ orderId: z.string() });
export type BulkWorkWaitingEvent = z.infer<typeof bulkWorkWaitingEventSchema>;

export const OrdersEvents = {
  /** A few a second per batch at most; always one on every status change and a final one. */
  bulkProgressed: defineEvent('orders.bulk.progressed.v1', bulkProgressEventSchema),
  /** Orders to orders, every replica (no queue group): an idle bulk engine may then look for work seldom. */
  bulkWorkWaiting: defineEvent('orders.bulk.work-waiting.v1', bulkWorkWaitingEventSchema),
} as const;
