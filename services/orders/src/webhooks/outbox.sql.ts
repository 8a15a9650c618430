import type { WebhookEventType } from '@labeldesk/contracts';

/** An event written by the statement that makes the change it reports (docs/decisions/051, 111). */
export interface OutboxEvent {
  type: WebhookEventType;
  /** SQL over `src` naming the event: the same change always gives the same id, so writing it again records nothing. */
  eventId: string;
  /** SQL over `src` building the event's `data` object (jsonb). */
  data: string;
  /** A FROM item aliased `src` with a `user_id` column: the rows the change touched (a CTE's name, usually). */
  from: string;
  where?: string;
}

const labelResource = (d: string) => `'label:' || (${d}->>'labelKind') || ':' || (${d}->>'labelId')`;

/**
 * What each event's `sequence` counts, as SQL over its data `d`: a label's events (bought, voided, refunded, tracked)
 * share one numbering, a batch's its own, an account's top-ups theirs. A new event type fails to compile until it is here.
 */
export const EVENT_RESOURCE: Readonly<Record<WebhookEventType, (d: string) => string>> = {
  'label.purchased': labelResource,
  'label.voided': labelResource,
  'label.refunded': labelResource,
  'tracking.updated': labelResource,
  'batch.completed': (d) => `'batch:' || (${d}->>'orderId')`,
  'balance.credited': () => `'balance'`,
};

/** The event's time as ISO 8601 in UTC, as the body's `timestamp` says it. */
export const ISO_NOW = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The mode of the thing an event is about (decisions 119, 124), read in the event's own statement: a single label's
 * order's, a batch row's and a batch's own batch's (both name it `orderId`); null for the balance's events (live).
 */
const modeOf = (table: (name: string) => string, event: OutboxEvent, d: string): string | null => {
  const batchMode = `(select b."mode" from ${table('bulk_orders')} b where b."id" = (${d}->>'orderId')::uuid)`;
  if (EVENT_RESOURCE[event.type] === labelResource) {
    return `coalesce(case ${d}->>'labelKind' when 'single' then (select o."mode" from ${table('orders')} o where o."id" = (${d}->>'labelId')::uuid) when 'bulk' then ${batchMode} end, 'live')`;
  }
  return event.type === 'batch.completed' ? `coalesce(${batchMode}, 'live')` : null;
};

/** A label's and a batch's event says its mode in `data.mode` (the body a receiver reads) as well as in the column. */
const withMode = (table: (name: string) => string, event: OutboxEvent, d: string): string => {
  const mode = modeOf(table, event, d);
  return mode === null ? d : `${d} || jsonb_build_object('mode', ${mode})`;
};

/**
 * An INSERT recording the event once per changed row, for use as a data-modifying CTE of the statement that changes
 * the row: the change, the event and its messages commit or vanish together. Its resource's next sequence number is
 * taken in the same statement (the counter stays locked to the commit, so numbers follow the order of commits), and
 * only for an event not recorded yet, so writing one again neither records nor numbers anything. A trigger (migration
 * 041) queues the event for the owner's enabled endpoints subscribed to it. The body (`{type, timestamp, sequence,
 * data}`, Standard Webhooks' shape) is stored as the exact text that will be signed. `type` comes from the fixed list
 * of event names, never from input, so it is written into the SQL.
 */
export const outboxInsert = (table: (name: string) => string, event: OutboxEvent): string => `
  insert into ${table('customer_events')} ("user_id", "id", "event_type", "resource", "sequence", "body", "mode")
  select n."user_id", n."event_id", '${event.type}', n."resource", n."sequence",
         jsonb_build_object('type', '${event.type}'::text, 'timestamp', ${ISO_NOW}, 'sequence', n."sequence", 'data', n."data")::text,
         coalesce(n."data"->>'mode', 'live')
    from (
      -- Its own subquery (offset 0 keeps it one), so the counter moves once per new event, after the filter.
      select r."user_id", r."event_id", r."data", r."resource", ${table('customer_event_next_sequence')}(r."user_id", r."resource") as "sequence"
        from (select p.*, ${EVENT_RESOURCE[event.type]('p."data"')} as "resource"
                from (select q."user_id", q."event_id", ${withMode(table, event, 'q."data"')} as "data"
                        from (select src."user_id", (${event.eventId})::text as "event_id", (${event.data})::jsonb as "data" from ${event.from} ${event.where ? `where ${event.where}` : ''}) q) p) r
       where not exists (select 1 from ${table('customer_events')} k where k."user_id" = r."user_id" and k."id" = r."event_id")
      offset 0
    ) n
  on conflict ("user_id", "id") do nothing`;
