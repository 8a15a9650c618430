import { z } from 'zod';
import { labelStateSchema, trackingStatusSchema } from './label-lifecycle.schema';
import { orderModeSchema, orderStatusSchema } from './order.schema';
import { apiModeSchema } from '../caller';
import { webhookEventTypeSchema } from '../webhooks/webhooks.schema';

/** The most characters of an integrator's own reference on a shipment (issue 48). */
export const SHIPMENT_REFERENCE_MAX = 100;
/** A shipment's metadata: at most this many keys, each a short name, each value a string of at most 500 characters. */
export const SHIPMENT_METADATA_KEYS_MAX = 20;
export const SHIPMENT_METADATA_KEY_MAX = 40;
export const SHIPMENT_METADATA_VALUE_MAX = 500;

/** The integrator's own reference (their order number): looked up with `?reference=`. */
export const shipmentReferenceSchema = z
  .string({ error: 'reference must be text' })
  .min(1, { error: 'reference must not be empty' })
  .max(SHIPMENT_REFERENCE_MAX, { error: `reference is at most ${SHIPMENT_REFERENCE_MAX} characters` });

/** A label's tracking number as the carrier printed it: looked up with `?tracking_number=` (exactly, case and all). */
export const shipmentTrackingNumberSchema = z
  .string({ error: 'tracking_number must be text' })
  .min(1, { error: 'tracking_number must not be empty' })
  .max(100, { error: 'tracking_number is at most 100 characters' });

/**
 * The integrator's own data kept with the shipment and answered back, never read by us: a flat object of string values
 * (a nested object, a number or a list is refused naming the key), small enough to stay a column of the order.
 */
export const shipmentMetadataSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]+$/, { error: 'metadata keys are letters, digits, _ . or -' }).max(SHIPMENT_METADATA_KEY_MAX, { error: `metadata keys are at most ${SHIPMENT_METADATA_KEY_MAX} characters` }),
    z.string({ error: 'metadata values must be text' }).max(SHIPMENT_METADATA_VALUE_MAX, { error: `metadata values are at most ${SHIPMENT_METADATA_VALUE_MAX} characters` }),
    { error: 'metadata must be an object of text values' },
  )
  .refine((metadata) => Object.keys(metadata).length <= SHIPMENT_METADATA_KEYS_MAX, { error: `metadata holds at most ${SHIPMENT_METADATA_KEYS_MAX} keys` });
export type ShipmentMetadata = z.infer<typeof shipmentMetadataSchema>;

/** Where a shipment goes from or to, as the API answers it (the full addresses stay with the order). */
export const shipmentPlaceSchema = z.object({
  name: z.string(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  zip_postal: z.string().nullable(),
  country: z.string().nullable(),
});

/** `GET /api/v1/shipments/{id}`: one single-label order in any state, pending included (issue 48). */
export const apiShipmentSchema = z.object({
  id: z.string(),
  /** The order: `pending` while the label is being bought, `completed` once bought, `cancelled` when refused or refunded. */
  status: orderStatusSchema,
  /** The bought label's life (voided, refunded…); null while there is no label. */
  label_state: labelStateSchema.nullable(),
  /** The carrier's last tracking status; null before the first answer. */
  tracking_status: trackingStatusSchema.nullable(),
  tracking_number: z.string().nullable(),
  service_name: z.string(),
  courier: z.string(),
  /** The label's file format: `pdf` or `zpl`. */
  label_format: z.enum(['pdf', 'zpl']),
  /** What the label cost the caller, integer cents; null before it was priced. */
  price_cents: z.number().int().nullable(),
  reference: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  from: shipmentPlaceSchema,
  to: shipmentPlaceSchema,
  /** Why a cancelled order was not bought, in words. */
  failure_reason: z.string().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** `test` when bought with a test key (sample label, test balance; decision 119), `live` otherwise. */
  mode: apiModeSchema.default('live'),
});
export type ApiShipment = z.infer<typeof apiShipmentSchema>;

/** Where a page of shipments starts: after this row (newest first, the id breaking ties). Opaque to integrators. */
export const shipmentsAfterSchema = z.object({ createdAt: z.iso.datetime(), id: z.uuid() });
export type ShipmentsAfter = z.infer<typeof shipmentsAfterSchema>;

/** The largest page of `GET /api/v1/shipments`. */
export const SHIPMENTS_PAGE_MAX = 100;

/** What orders filters a page of shipments by (the gateway reads the integrator's query into it). */
export const shipmentsFilterSchema = z.object({
  status: orderStatusSchema.optional(),
  reference: shipmentReferenceSchema.optional(),
  trackingNumber: shipmentTrackingNumberSchema.optional(),
  createdGte: z.iso.datetime({ offset: true }).optional(),
  createdLt: z.iso.datetime({ offset: true }).optional(),
  /** Which mode's shipments a session lists (live when absent); a key lists its own mode's only (decision 119). */
  mode: orderModeSchema.optional(),
});
export type ShipmentsFilter = z.infer<typeof shipmentsFilterSchema>;

/** A page of shipments as orders answers it: the rows, and where the next page starts (null on the last). */
export const shipmentsPageSchema = z.object({ shipments: z.array(apiShipmentSchema), next: shipmentsAfterSchema.nullable() });
export type ShipmentsPage = z.infer<typeof shipmentsPageSchema>;

/** Where a page of events starts: after this event (newest first, its id breaking ties). */
export const apiEventsAfterSchema = z.object({ createdAt: z.iso.datetime(), id: z.string().min(1).max(300) });
export type ApiEventsAfter = z.infer<typeof apiEventsAfterSchema>;

/**
 * `GET /api/v1/events`: one webhook event as it was sent (or queued) to the caller's endpoints, once however many
 * endpoints received it: its id (the `webhook-id` of its messages), type, time and data, the body's own fields.
 */
export const apiEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** When the event was raised, ISO 8601 (the body's `timestamp`). */
  timestamp: z.string(),
  /** The body's `sequence`: orders the events of one resource (a label, a batch, the balance; decision 111). */
  sequence: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type ApiEvent = z.infer<typeof apiEventSchema>;

export const apiEventsFilterSchema = z.object({ type: webhookEventTypeSchema.optional() });
export const apiEventsPageSchema = z.object({ events: z.array(apiEventSchema), next: apiEventsAfterSchema.nullable() });
export type ApiEventsPage = z.infer<typeof apiEventsPageSchema>;
