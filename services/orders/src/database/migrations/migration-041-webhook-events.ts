import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 111 (issue 48): webhook events kept once each, whatever endpoints the user has, with a per-resource
 * sequence number, and replayable.
 *
 * - `customer_events` (not `webhook_events`, which keeps the carriers' incoming ones, migration 009): one row per event (its id is the `webhook-id` its messages carry), written by the statement that
 *   makes the change it reports (outbox.sql), kept WEBHOOK_RETENTION_DAYS; read by `GET /api/v1/events` newest first.
 * - `customer_event_sequences`: the last sequence number of each resource (a label, a batch, a balance). Bumped by
 *   `customer_event_next_sequence` in the event's own statement: the counter's row lock is held to the commit, so of two
 *   events of one resource the later-committed one always has the larger number. Kept after the events are forgotten,
 *   so a resource's numbering never starts again.
 * - A trigger queues each new event for the owner's enabled endpoints subscribed to its type (one message per endpoint,
 *   as before); an event of a user with none is still kept, to be listed and replayed later.
 * - `webhook_replays`: a replay's Idempotency-Key with what it answered, so a second click sends nothing again.
 *
 * Only additions: the previous release's replicas keep writing messages alone during a rolling update.
 */
export class Migration041WebhookEvents extends ServiceMigration {
  override async up(): Promise<void> {
    const events = this.table('customer_events');
    const sequences = this.table('customer_event_sequences');
    this.addSql(`
      create table if not exists ${events} (
        "user_id" uuid not null,
        "id" text not null,
        "event_type" text not null,
        "resource" text not null,
        "sequence" bigint not null,
        "body" text not null,
        "created_at" timestamptz not null default now(),
        primary key ("user_id", "id")
      )`);
    this.addSql(`create index if not exists "customer_events_user_newest_idx" on ${events} ("user_id", "created_at" desc, "id" desc)`);
    this.addSql(`create index if not exists "customer_events_created_idx" on ${events} ("created_at")`);
    this.addSql(`
      create table if not exists ${sequences} (
        "user_id" uuid not null,
        "resource" text not null,
        "last" bigint not null,
        primary key ("user_id", "resource")
      )`);
    this.addSql(`
      create or replace function ${this.table('customer_event_next_sequence')}(p_user uuid, p_resource text) returns bigint language sql volatile as $$
        insert into ${sequences} ("user_id", "resource", "last") values (p_user, p_resource, 1)
        on conflict ("user_id", "resource") do update set "last" = ${sequences}."last" + 1
        returning "last"
      $$`);
    this.addSql(`
      create or replace function ${this.table('customer_events_queue')}() returns trigger language plpgsql as $$
      begin
        insert into ${this.table('webhook_messages')} ("id", "endpoint_id", "user_id", "event_id", "event_type", "body")
        select gen_random_uuid(), e."id", new."user_id", new."id", new."event_type", new."body"
          from ${this.table('webhook_endpoints')} e
         where e."user_id" = new."user_id" and e."enabled" and e."events" @> jsonb_build_array(new."event_type")
        on conflict ("endpoint_id", "event_id") do nothing;
        return null;
      end
      $$`);
    this.addSql(`create or replace trigger "customer_events_queue" after insert on ${events} for each row execute function ${this.table('customer_events_queue')}()`);
    this.addSql(`
      create table if not exists ${this.table('webhook_replays')} (
        "user_id" uuid not null,
        "key" text not null,
        "request" text not null,
        "answer" jsonb null,
        "created_at" timestamptz not null default now(),
        primary key ("user_id", "key")
      )`);
    this.addSql(`create index if not exists "webhook_replays_created_idx" on ${this.table('webhook_replays')} ("created_at")`);
  }
}
