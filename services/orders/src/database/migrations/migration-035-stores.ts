import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 105 (issue 47): a seller's connected stores and the orders imported from them.
 *
 * A connection keeps its store's secrets sealed (`secrets`, AES-256-GCM); revoking it forgets them and keeps the row,
 * so its imported orders still name their store. `store_key` is the store's identity (its address): an order number is
 * unique per seller and store key, so a re-import, or the same store connected again, adds no order twice.
 *
 * An imported order's label is the order placed under the idempotency key `store-order:<id>`; the write-back (an
 * outbox on the imported order's row) sends its tracking once that order is completed: due at `writeback_next_at`,
 * done at `writeback_sent_at`, its last failure in `writeback_error`.
 */
export class Migration035Stores extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists ${this.table('store_connections')} (
      "id" uuid primary key,
      "user_id" uuid not null,
      "kind" text not null,
      "name" text not null,
      "url" text not null,
      "store_key" text not null,
      "secrets" text null,
      "cursor" text null,
      "last_sync_at" timestamptz null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "revoked_at" timestamptz null
    )`);
    // One live connection per seller and store; a revoked one may be connected again.
    this.addSql(`create unique index if not exists "store_connections_live_unique" on ${this.table('store_connections')} ("user_id", "kind", "store_key") where "revoked_at" is null`);
    this.addSql(`create table if not exists ${this.table('store_orders')} (
      "id" uuid primary key,
      "user_id" uuid not null,
      "connection_id" uuid not null references ${this.table('store_connections')} ("id"),
      "kind" text not null,
      "store_key" text not null,
      "external_id" text not null,
      "order_number" text not null,
      "receiver" jsonb not null,
      "items" jsonb not null,
      "placed_at" timestamptz not null,
      "imported_at" timestamptz not null default now(),
      "writeback_next_at" timestamptz null,
      "writeback_attempts" integer not null default 0,
      "writeback_error" text null,
      "writeback_sent_at" timestamptz null,
      constraint "store_orders_number_unique" unique ("user_id", "kind", "store_key", "order_number")
    )`);
    this.addSql(`create index if not exists "store_orders_inbox_idx" on ${this.table('store_orders')} ("user_id", "placed_at", "id")`);
    // The write-back's round reads only the orders whose tracking is still to be sent.
    this.addSql(`create index if not exists "store_orders_writeback_due_idx" on ${this.table('store_orders')} ("writeback_next_at") where "writeback_sent_at" is null`);
  }
}
