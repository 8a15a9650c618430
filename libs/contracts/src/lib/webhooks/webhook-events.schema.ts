import { z } from 'zod';
import { bulkStatusSchema } from '../orders/bulk-order.schema';
import { labelStateSchema, trackingEventSchema, trackingStatusSchema } from '../orders/label-lifecycle.schema';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.schema';

/*
 * The bodies a customer's endpoint receives, as the services write them into their outboxes (orders: the SQL of each
 * OutboxEvent; payments: the deposit's credit). Standard Webhooks' shape: `{type, timestamp, data}`, signed in the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers. Documented in the OpenAPI `webhooks` section.
 */

const labelKindSchema = z.enum(['single', 'bulk']).describe('`single`: a label bought alone (orderId is its order); `bulk`: a row of a batch (orderId is the batch)');
const isoTime = (what: string) => z.string().describe(`${what} (ISO 8601)`);

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
});

const batchCompletedData = z.object({
  orderId: z.string().describe("The batch's id"),
  status: bulkStatusSchema,
  round: z.number().int().describe('1 for the first run, more when failed rows were retried'),
  totalCount: z.number().int(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  chargedCents: z.number().int(),
});

const balanceCreditedData = z.object({
  kind: z.literal('deposit'),
  depositId: z.string(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});

const testData = z.object({ webhookId: z.string(), message: z.string() });

const body = <T extends string, D extends z.ZodType>(type: T, data: D, description: string) =>
  z.object({ type: z.literal(type), timestamp: isoTime('When the event was raised'), data }).describe(description);

/** Every event's body by its type; a new type in WEBHOOK_EVENT_TYPES fails to compile until its body is here. */
export const WEBHOOK_EVENT_BODIES: Readonly<Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodObject>> = {
  'label.purchased': body('label.purchased', labelPurchasedData, 'A label was bought, singly or as a row of a batch'),
  'label.voided': body('label.voided', voidData, 'A label was voided and its price came back to the balance'),
  'label.refunded': body('label.refunded', voidData, 'An unused label was refunded by the carrier'),
  'tracking.updated': body('tracking.updated', trackingUpdatedData, "A parcel's tracking changed"),
  'batch.completed': body('batch.completed', batchCompletedData, 'A batch finished (every row bought or failed)'),
  'balance.credited': body('balance.credited', balanceCreditedData, 'A top-up was credited to the balance'),
  [WEBHOOK_TEST_EVENT]: body(WEBHOOK_TEST_EVENT, testData, 'Sent only when asked from the Account page or POST /api/webhooks/{id}/test'),
};
