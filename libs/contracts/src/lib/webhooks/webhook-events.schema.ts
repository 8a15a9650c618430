import { z } from 'zod';
import { apiModeSchema } from '../caller';
import { bulkStatusSchema } from '../orders/bulk-order.schema';
import { labelStateSchema, trackingEventSchema, trackingStatusSchema } from '../orders/label-lifecycle.schema';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.schema';

/*
 * The bodies a customer's endpoint receives, as the services write them into their outboxes (orders: the SQL of each
 * OutboxEvent; payments: the deposit's credit). Standard Webhooks' shape: `{type, timestamp, sequence, data}`, signed in the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers. Documented in the OpenAPI `webhooks` section.
 */

const labelKindSchema = z.enum(['single', 'bulk']).describe('`single`: a label bought alone (orderId is its order); `bulk`: a row of a batch (orderId is the batch)');
const isoTime = (what: string) => z.string().describe(`${what} (ISO 8601)`);
const labelModeSchema = apiModeSchema.describe('`test` for a label bought with a test key (ld_test_…: a sandbox sample, the test balance), `live` otherwise; a test key lists only test events and a live key only live ones');

const labelPurchasedData = z.object({
  labelKind: labelKindSchema,
  labelId: z.string(),
  orderId: z.string(),
  row: z.number().int().optional().describe('The row of the batch, from 1 (bulk labels only)'),
  trackingNumber: z.string(),
  carrier: z.string().describe('The label carrier that sold it (sandbox, easypost, usps)'),
  serviceName: z.string(),
  amountCents: z.number().int().describe('What the label cost the customer, in cents'),
  purchasedAt: isoTime('When the label was bought'),
  mode: labelModeSchema,
});

const voidData = z.object({
  labelKind: labelKindSchema,
  labelId: z.string(),
  orderId: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  amountCents: z.number().int().describe('What comes back to the balance, in cents'),
  state: labelStateSchema,
  requestedBy: z.enum(['customer', 'admin', 'auto']),
  settledAt: isoTime('When the money came back').nullable(),
  mode: labelModeSchema,
});

const trackingUpdatedData = z.object({
  labelKind: labelKindSchema,
  labelId: z.string(),
  orderId: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  status: trackingStatusSchema,
  used: z.boolean().describe('True once scanned beyond pre-transit: the label can no longer be voided'),
  lastEvent: trackingEventSchema.nullable(),
  mode: labelModeSchema,
});

const batchCompletedData = z.object({
  orderId: z.string().describe("The batch's id"),
  status: bulkStatusSchema,
  round: z.number().int().describe('1 for the first run, more when failed rows were retried'),
  totalCount: z.number().int(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  chargedCents: z.number().int(),
  mode: apiModeSchema.describe('`test` for a batch made with a test key (ld_test_…: sandbox samples, the test balance), `live` otherwise'),
});

const balanceCreditedData = z.object({
  kind: z.literal('deposit'),
  depositId: z.string(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});

const testData = z.object({ webhookId: z.string(), message: z.string() });

/** What `sequence` counts, per event type: the resource whose events it orders (decision 111). */
export const WEBHOOK_SEQUENCE_RESOURCE = {
  label: 'the label (`data.labelKind` and `data.labelId`): its label.purchased, label.voided, label.refunded and tracking.updated events',
  batch: 'the batch (`data.orderId`)',
  balance: "the account's balance",
} as const;

export const WEBHOOK_ORDERING =
  'Deliveries may arrive out of order (retries, replays, several replicas): use `sequence` per resource. It grows with every event of one resource, in the order they happened (numbers may be skipped, never reused); ignore an event whose sequence is not above the last you applied for its resource. The `webhook-id` (the event id) is the same on every delivery of one event, redeliveries included: de-duplicate by it.';

const sequenceSchema = (resource: string) =>
  z.number().int().min(1).describe(`Orders the events of ${resource}: a later event has a larger number. ${WEBHOOK_ORDERING}`);
const redeliverySchema = z.literal(true).optional().describe('Present on a redelivery asked with a replay: the same event (same `webhook-id`) sent again');

const body = <T extends string, D extends z.ZodType>(type: T, data: D, resource: string, description: string) =>
  z
    .object({ type: z.literal(type), timestamp: isoTime('When the event was raised'), sequence: sequenceSchema(resource), redelivery: redeliverySchema, data })
    .describe(description);

/** Every event's body by its type; a new type in WEBHOOK_EVENT_TYPES fails to compile until its body is here. */
export const WEBHOOK_EVENT_BODIES: Readonly<Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodObject>> = {
  'label.purchased': body('label.purchased', labelPurchasedData, WEBHOOK_SEQUENCE_RESOURCE.label, 'A label was bought, singly or as a row of a batch'),
  'label.voided': body('label.voided', voidData, WEBHOOK_SEQUENCE_RESOURCE.label, 'A label was voided and its price came back to the balance'),
  'label.refunded': body('label.refunded', voidData, WEBHOOK_SEQUENCE_RESOURCE.label, 'An unused label was refunded by the carrier'),
  'tracking.updated': body('tracking.updated', trackingUpdatedData, WEBHOOK_SEQUENCE_RESOURCE.label, "A parcel's tracking changed"),
  'batch.completed': body('batch.completed', batchCompletedData, WEBHOOK_SEQUENCE_RESOURCE.batch, 'A batch finished (every row bought or failed)'),
  'balance.credited': body('balance.credited', balanceCreditedData, WEBHOOK_SEQUENCE_RESOURCE.balance, 'A top-up was credited to the balance'),
  // A test is no event of a resource: no sequence, never listed or replayed.
  [WEBHOOK_TEST_EVENT]: z.object({ type: z.literal(WEBHOOK_TEST_EVENT), timestamp: isoTime('When the test was asked'), data: testData }).describe('Sent only when asked from the Account page or POST /api/webhooks/{id}/test'),
};
