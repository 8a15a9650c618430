import { z } from 'zod';

/** `POST /api/v1/events/{id}/replay`: to every enabled endpoint of yours subscribed to the event, or to the one named. */
export const v1ReplayEventBodySchema = z.object({
  endpoint_id: z.uuid({ error: 'endpoint_id must be the id of one of your webhooks' }).optional(),
});

/** `POST /api/v1/webhooks/{id}/replay`: every event of yours since a time (within the last 30 days) of the types the endpoint takes. */
export const v1ReplaySinceBodySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 time, e.g. 2026-11-30T08:00:00Z' }),
});

/** What a replay queued: each event a redelivery under its own id (`webhook-id`), marked `redelivery: true`. */
export const v1ReplaySchema = z.object({
  event_count: z.number().int().describe('Events queued again'),
  endpoint_ids: z.array(z.string()).describe('The endpoints they go to'),
});
export type V1Replay = z.infer<typeof v1ReplaySchema>;

export const REPLAY_KEY_REQUIRED = 'Send an Idempotency-Key header (8 to 200 letters, digits or -_.:) unique to this replay: sent again with it, nothing is sent twice';
