import { z } from 'zod';

/** The events a customer's endpoint may subscribe to (issue 23); `webhook.test` is sent only on request. */
export const WEBHOOK_EVENT_TYPES = ['label.purchased', 'label.voided', 'label.refunded', 'batch.completed', 'tracking.updated', 'balance.credited'] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` });
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one user may have. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2_000;

export const webhookUrlSchema = z
  .string({ error: 'URL must be text' })
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((value) => URL.canParse(value), 'must be a full URL, e.g. https://example.com/hooks');

const eventListSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'lists an event twice');

/** POST /api/webhooks. */
export const createWebhookBodySchema = z.object({ url: webhookUrlSchema, events: eventListSchema }).strict();
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/{id}: any of the three; enabling again clears the reason it was disabled. */
export const updateWebhookBodySchema = z
  .object({ url: webhookUrlSchema.optional(), events: eventListSchema.optional(), enabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.url !== undefined || body.events !== undefined || body.enabled !== undefined, 'Change at least one of url, events, enabled');
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why delivery stopped (the endpoint answered 410 Gone, or its owner turned it off); null while enabled. */
  disabledReason: z.string().nullable(),
  /** ISO 8601: until then the previous secret still signs beside the new one (24 h after a rotation). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The signing secret (`whsec_…`) is shown once: when the endpoint is created and when it is rotated. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** One attempt to deliver one message, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  /** The message id (the `webhook-id` header; the receiver de-duplicates by it). */
  messageId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  /** The endpoint's HTTP status, null when no answer came (the error says why). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  attemptedAt: z.string(),
  /** The message's state now: `pending` (another attempt is due), `delivered` or `failed` (given up). */
  messageState: z.enum(['pending', 'delivered', 'failed']),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;

/** POST /api/webhooks/{id}/test: the message queued for delivery. */
export const webhookTestResponseSchema = z.object({ messageId: z.string() });
export type WebhookTestResponse = z.infer<typeof webhookTestResponseSchema>;

/** An Idempotency-Key as the gateway checked it: a replay under a key sent again sends nothing again. */
const replayKeySchema = z.string().min(8).max(200);

/** `POST /api/v1/events/{id}/replay`: one event sent again to the caller's enabled endpoints subscribed to it, or to one. */
export const replayEventRequestSchema = z.object({ eventId: z.string().min(1).max(300), endpointId: z.uuid().optional(), idempotencyKey: replayKeySchema });
/** `POST /api/v1/webhooks/{id}/replay`: the caller's events since a time sent again to one enabled endpoint, those of its types. */
export const replaySinceRequestSchema = z.object({ id: z.uuid(), since: z.iso.datetime({ offset: true }), idempotencyKey: replayKeySchema });

/** What a replay queued: how many events, to which endpoints (each message a redelivery under the event's own id). */
export const webhookReplaySchema = z.object({ events: z.number().int(), endpointIds: z.array(z.string()) });
export type WebhookReplay = z.infer<typeof webhookReplaySchema>;
