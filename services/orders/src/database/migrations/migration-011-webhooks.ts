import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Outgoing webhooks (docs/decisions/051). `webhook_endpoints` are the customers' receivers with their secrets (the
 * previous one signs too for 24 h after a rotation). `webhook_messages` is the outbox: one row per event and endpoint,
 * written in the same statement or transaction as the change it reports, so an event is never lost with a process;
 * `(endpoint_id, event_id)` is unique, so an event written again (a resumed batch, a relayed event) is queued once.
 * `webhook_attempts` is the delivery log.
 */
export class Migration011Webhooks extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('webhook_endpoints')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "url" text not null,
        "events" jsonb not null,
        "secret" text not null,
        "previous_secret" text null,
        "previous_secret_until" timestamptz null,
        "enabled" boolean not null default true,
        "disabled_reason" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "webhook_endpoints_user_idx" on ${this.table('webhook_endpoints')} ("user_id")`);
    this.addSql(`
      create table ${this.table('webhook_messages')} (
        "id" uuid primary key,
        "endpoint_id" uuid not null references ${this.table('webhook_endpoints')} ("id") on delete cascade,
        "user_id" uuid not null,
        "event_id" text not null,
        "event_type" text not null,
        "body" text not null,
        "state" text not null default 'pending' check ("state" in ('pending', 'delivered', 'failed')),
        "attempts" integer not null default 0,
        "next_attempt_at" timestamptz not null default now(),
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "webhook_messages_event_unique" unique ("endpoint_id", "event_id")
      )`);
    this.addSql(`create index "webhook_messages_due_idx" on ${this.table('webhook_messages')} ("next_attempt_at") where "state" = 'pending'`);
    this.addSql(`
      create table ${this.table('webhook_attempts')} (
        "id" uuid primary key,
        "message_id" uuid not null references ${this.table('webhook_messages')} ("id") on delete cascade,
        "endpoint_id" uuid not null,
        "attempt" integer not null,
        "status_code" integer null,
        "error" text null,
        "duration_ms" integer not null,
        "attempted_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "webhook_attempts_endpoint_idx" on ${this.table('webhook_attempts')} ("endpoint_id", "attempted_at" desc)`);
  }
}
