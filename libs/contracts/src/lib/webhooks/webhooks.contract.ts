// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import {
  createWebhookBodySchema,
  replayEventRequestSchema,
  replaySinceRequestSchema,
  webhookReplaySchema,
  updateWebhookBodySchema,
  webhookDeliveriesSchema,
  webhookEndpointSchema,
  webhookListSchema,
  webhookTestResponseSchema,
  webhookWithSecretSchema,
} from './webhooks.schema';

/** Outgoing webhooks (docs/decisions/051), kept by orders. Every request acts on the signed-in caller's own endpoints. */
export const WebhooksRpc = {
  create: defineRpc('orders.webhooks.create.v1', createWebhookBodySchema, webhookWithSecretSchema, { who: 'signed-in', scope: 'webhooks:manage', holderOnly: true }),
  list: defineRpc('orders.webhooks.list.v1', z.object({}), webhookListSchema, { who: 'signed-in', scope: 'webhooks:manage' }),
  update: defineRpc('orders.webhooks.update.v1', z.object({ id: idSchema, change: updateWebhookBodySchema }), webhookEndpointSchema, { who: 'signed-in', scope: 'webhooks:manage' }),
  remove: defineRpc('orders.webhooks.delete.v1', z.object({ id: idSchema }), z.object({ deleted: z.boolean() }), { who: 'signed-in', scope: 'webhooks:manage' }),
  rotateSecret: defineRpc('orders.webhooks.rotate-secret.v1', z.object({ id: idSchema }), webhookWithSecretSchema, { who: 'signed-in', scope: 'webhooks:manage', holderOnly: true }),
  deliveries: defineRpc('orders.webhooks.deliveries.v1', z.object({ id: idSchema, limit: z.number().int().min(1).max(200).default(50) }), webhookDeliveriesSchema, { who: 'signed-in', scope: 'webhooks:manage' }),
  test: defineRpc('orders.webhooks.test.v1', z.object({ id: idSchema }), webhookTestResponseSchema, { who: 'signed-in', scope: 'webhooks:manage' }),
  /** One of the caller's events sent again (decision 111): to their enabled endpoints subscribed to it, or to one of theirs. */
  replayEvent: defineRpc('orders.webhooks.replay-event.v1', replayEventRequestSchema, webhookReplaySchema, { who: 'signed-in', scope: 'webhooks:manage' }),
  /** The caller's events since a time sent again to one enabled endpoint of theirs (those of its types): catching up after it was off. */
  replaySince: defineRpc('orders.webhooks.replay-since.v1', replaySinceRequestSchema, webhookReplaySchema, { who: 'signed-in', scope: 'webhooks:manage' }),
  /**
   * An event another service recorded in its own outbox (payments: `balance.credited`), relayed until orders answers:
   * the event id is unique per endpoint, so relaying it again queues nothing twice. Payments only.
   */
  relayEvent: defineRpc(
    'orders.webhooks.relay-event.v1',
    z.object({
      eventId: z.string().min(1).max(200),
      userId: idSchema,
      type: z.literal('balance.credited'),
      occurredAt: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
    z.object({ queued: z.number().int() }),
    { who: 'services', services: ['payments'] },
  ),
} as const;
