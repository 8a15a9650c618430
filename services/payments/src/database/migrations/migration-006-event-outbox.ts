import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Events for the customers' webhooks that happen here (a deposit credited: `balance.credited`), written in the ledger
 * transaction that makes them true and relayed to orders, which keeps the endpoints, until orders has them
 * (docs/decisions/051). `relayed_at` null is an event still to pass on.
 */
export class Migration006EventOutbox extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('event_outbox')} (
        "event_id" text primary key,
        "user_id" uuid not null,
        "type" text not null,
        "data" jsonb not null,
        "occurred_at" timestamptz not null default now(),
        "relayed_at" timestamptz null,
        "tries" integer not null default 0,
        "next_try_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "event_outbox_due_idx" on ${this.table('event_outbox')} ("next_try_at") where "relayed_at" is null`);
  }
}
