import {
  apiEventSchema,
  apiModeSchema,
  apiScopeSchema,
  apiShipmentSchema,
  authMethodSchema,
  BULK_ROWS_CEILING,
  bulkOptionsSchema,
  bulkOrderItemSchema,
  bulkStatusSchema,
  labelFormatSchema,
  labelStateSchema,
  orderModeSchema,
  orderStatusSchema,
  ratesBodySchema,
  shipmentMetadataSchema,
  shipmentReferenceSchema,
  shipmentTrackingNumberSchema,
  SHIPMENTS_PAGE_MAX,
  singleLabelFormatSchema,
  singleOrderSchema,
  testTopUpAmountSchema,
  trackingEventSchema,
  trackingStatusSchema,
  userRoleSchema,
  webhookEventTypeSchema,
} from '@labeldesk/contracts';
import { z } from 'zod';

/**
 * The public API v1's own shapes (decision 103): what an integrator sends and reads, in snake_case, built from the
 * contracts' schemas so a field is validated as the web app's form validates it. The account is always the caller's:
 * no body or path names a user.
 */

/**
 * `POST /api/v1/shipments`: one label, as the web app's order (its every check kept: the order schema is used whole, not
 * rebuilt) but for the caller only, with their own reference and data.
 */
export const v1ShipmentBodySchema = z
  .object({
    user_id: z.undefined({ error: 'user_id is not taken here: a shipment is always bought for the credential\'s own account' }).optional(),
    reference: shipmentReferenceSchema.optional(),
    metadata: shipmentMetadataSchema.optional(),
  })
  .and(singleOrderSchema);

/** `POST /api/v1/rates`: one parcel's rates, for the caller. */
export const v1RatesBodySchema = ratesBodySchema.omit({ userId: true });

const limitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int({ error: 'limit must be a whole number' })
  .min(1, { error: 'limit must be at least 1' })
  .max(SHIPMENTS_PAGE_MAX, { error: `limit must be at most ${SHIPMENTS_PAGE_MAX}` })
  .default(10);
const instantSchema = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time, e.g. 2026-11-30T00:00:00Z` });

/** `GET /api/v1/shipments`: a page (newest first) after `cursor`, filtered; every filter optional. */
export const v1ShipmentsQuerySchema = z
  .object({
    limit: limitSchema,
    /** The previous page's `next_cursor`, as it was. */
    cursor: z.string({ error: 'cursor must be text' }).max(400, { error: 'cursor is at most 400 characters' }).optional(),
    status: orderStatusSchema.optional(),
    reference: shipmentReferenceSchema.optional(),
    tracking_number: shipmentTrackingNumberSchema.optional(),
    created_gte: instantSchema('created_gte').optional(),
    created_lt: instantSchema('created_lt').optional(),
    /** A session's choice of live (the default) or test shipments; a key lists its own mode's only (decision 119). */
    mode: orderModeSchema.optional(),
  })
  .refine((q) => !q.created_gte || !q.created_lt || Date.parse(q.created_gte) < Date.parse(q.created_lt), {
    error: 'created_gte must be before created_lt',
    path: ['created_gte'],
  });

export const v1ShipmentsPageSchema = z.object({
  data: z.array(apiShipmentSchema),
  /** True when more shipments follow: ask again with `cursor` = `next_cursor`. */
  has_more: z.boolean(),
  /** Opaque: send it back as it is. Null on the last page. */
  next_cursor: z.string().nullable(),
});
export type V1ShipmentsPage = z.infer<typeof v1ShipmentsPageSchema>;

/** `GET /api/v1/shipments/{id}/label`: the label's own format when absent; a label is bought in one format. */
export const v1LabelQuerySchema = z.object({ format: singleLabelFormatSchema.optional() });

/** `GET /api/v1/shipments/{id}/tracking`: the carrier's word on the parcel; a label not bought yet has no events. */
export const v1TrackingSchema = z.object({
  shipment_id: z.string(),
  tracking_number: z.string().nullable(),
  /** The label carrier that sold it; null while there is no label. */
  carrier: z.string().nullable(),
  courier: z.string().nullable(),
  /** Null while the label is not bought (the shipment is pending or was cancelled). */
  status: trackingStatusSchema.nullable(),
  /** True once a scan beyond pre-transit: the label can no longer be voided. */
  used: z.boolean(),
  /** Oldest first. */
  events: z.array(trackingEventSchema),
  checked_at: z.string().nullable(),
});
export type V1Tracking = z.infer<typeof v1TrackingSchema>;

/** `POST /api/v1/shipments/{id}/void`: the label's new state and what comes back. */
export const v1VoidSchema = z.object({
  shipment_id: z.string(),
  tracking_number: z.string(),
  label_state: labelStateSchema,
  /** Cents coming back to the balance, now or once the carrier confirms. */
  amount_cents: z.number().int(),
  message: z.string(),
});
export type V1Void = z.infer<typeof v1VoidSchema>;

/** `GET /api/v1/me`: who the credential acts as, and with what. */
export const v1MeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  auth_method: authMethodSchema,
  /** An API key's scopes; a session may do everything its user may, and lists them all. */
  scopes: z.array(apiScopeSchema),
  /** `test` for an `ld_test_` key: the sandbox carrier and the test balance only (decision 110). */
  mode: apiModeSchema,
});
export type V1Me = z.infer<typeof v1MeSchema>;

/** `GET /api/v1/balance`: spendable cents, and cents held by batches in progress. */
export const v1BalanceSchema = z.object({ available_cents: z.number().int(), held_cents: z.number().int() });
/** `GET /api/v1/balance?mode=test`: a session's test balance (the web app's Test mode switch); a key reads its own mode's only (decision 124). */
export const v1BalanceQuerySchema = z.object({ mode: orderModeSchema.optional() });
export type V1Balance = z.infer<typeof v1BalanceSchema>;

/** `POST /api/v1/balance/test-top-up` (test keys only): play money added to the test balance (decision 110). */
export const v1TestTopUpBodySchema = z.object({ amount_cents: testTopUpAmountSchema });

/** `GET /api/v1/batches/{id}`: a batch of labels bought together, and how far it got. */
export const v1BatchSchema = z.object({
  id: z.string(),
  status: bulkStatusSchema,
  /** Rows submitted, labels bought, rows that failed (each failed row is in the batch's result CSV). */
  total_count: z.number().int(),
  processed_count: z.number().int(),
  failed_count: z.number().int(),
  /** What the labels bought cost, and what was held when the batch started (the rest is released at its end). */
  cost_cents: z.number().int(),
  quoted_cents: z.number().int(),
  label_format: labelFormatSchema,
  /** `test` for a batch bought with a test key (ld_test_…): sandbox samples on the test balance (decision 124). */
  mode: apiModeSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type V1Batch = z.infer<typeof v1BatchSchema>;

/** `GET /api/v1/batches/{id}/shipments`: a page of the labels a batch bought, in the file's row order. */
export const v1BatchShipmentsQuerySchema = z.object({
  limit: limitSchema,
  /** The previous page's `next_cursor`, as it was. */
  cursor: z.string({ error: 'cursor must be text' }).max(100, { error: 'cursor is at most 100 characters' }).optional(),
});

export const v1BatchShipmentSchema = z.object({
  item_id: z.string(),
  /** 1-based, as in the submitted rows. */
  row: z.number().int(),
  tracking_number: z.string(),
  receiver_name: z.string(),
  service_name: z.string(),
  price_cents: z.number().int(),
  label_state: labelStateSchema,
  tracking_status: trackingStatusSchema.nullable(),
  /** Why a refund was rejected or a void refused at the carrier, null otherwise. */
  reason: z.string().nullable(),
});

export const v1BatchShipmentsPageSchema = z.object({ data: z.array(v1BatchShipmentSchema), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type V1BatchShipmentsPage = z.infer<typeof v1BatchShipmentsPageSchema>;

/** `GET /api/v1/events`: the caller's webhook events, newest first, a page after `cursor`, of one `type` or all. */
export const v1EventsQuerySchema = z.object({
  limit: limitSchema,
  /** The previous page's `next_cursor`, as it was. */
  cursor: z.string({ error: 'cursor must be text' }).max(600, { error: 'cursor is at most 600 characters' }).optional(),
  type: webhookEventTypeSchema.optional(),
});

export const v1EventsPageSchema = z.object({ data: z.array(apiEventSchema), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type V1EventsPage = z.infer<typeof v1EventsPageSchema>;

/** `POST /api/v1/batches`: rows as the web app's Bulk Order submits them (1-based rows in the answer), and its options. */
export const v1BatchBodySchema = z.object({
  shipments: z
    .array(bulkOrderItemSchema, { error: 'shipments must be a list of rows' })
    .min(1, { error: 'shipments must hold at least one row' })
    .max(BULK_ROWS_CEILING, { error: `shipments holds at most ${BULK_ROWS_CEILING} rows` }),
  options: bulkOptionsSchema.optional(),
});
