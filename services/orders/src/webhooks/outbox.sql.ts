import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@labeldesk/contracts';

/** An event written into the outbox by the statement that makes the change it reports (docs/decisions/051). */
export interface OutboxEvent {
  /** `webhook.test` goes to the one endpoint asked, whatever it subscribed to. */
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** SQL over `src` naming the event: the same change always gives the same id, so writing it again queues nothing. */
  eventId: string;
  /** SQL over `src` building the event's `data` object (jsonb). */
  data: string;
  /** A FROM item aliased `src` with a `user_id` column: the rows the change touched (a CTE's name, usually). */
  from: string;
  where?: string;
}

/** The event's time as ISO 8601 in UTC, as the body's `timestamp` says it. */
const ISO_NOW = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An INSERT queueing one message per enabled endpoint of the row's owner that subscribed to the event, for use as a
 * data-modifying CTE of the statement that changes the row: the change and its messages commit or vanish together.
 * The body (`{type, timestamp, data}`, Standard Webhooks' shape) is stored as the exact text that will be signed.
 * `type` comes from the fixed list of event names, never from input, so it is written into the SQL.
 */
export const outboxInsert = (table: (name: string) => string, event: OutboxEvent): string => `
  insert into ${table('webhook_messages')} ("id", "endpoint_id", "user_id", "event_id", "event_type", "body")
  select gen_random_uuid(), e."id", e."user_id", ${event.eventId}, '${event.type}',
         jsonb_build_object('type', '${event.type}'::text, 'timestamp', ${ISO_NOW}, 'data', ${event.data})::text
    from ${event.from} join ${table('webhook_endpoints')} e on e."user_id" = src."user_id" and e."enabled"${event.type === WEBHOOK_TEST_EVENT ? '' : ` and e."events" @> '["${event.type}"]'::jsonb`}
   ${event.where ? `where ${event.where}` : ''}
  on conflict ("endpoint_id", "event_id") do nothing`;
