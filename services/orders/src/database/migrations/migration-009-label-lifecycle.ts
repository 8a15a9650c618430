import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * A bought label's life after purchase (docs/decisions/045). `labels` is every charged label, single or from a batch,
 * with the ledger key of its charge, so voids, refunds and tracking have one code path for both. `label_voids` holds
 * at most one void per label (the unique key is the exactly-once gate); `label_tracking` the carrier's last report.
 */
export class Migration009LabelLifecycle extends ServiceMigration {
  override async up(): Promise<void> {
    for (const table of ['orders', 'bulk_items']) {
      this.addSql(`alter table ${this.table(table)} add column "label_bought_at" timestamptz`);
    }
    // Labels bought before this column: their last change was the purchase or close after it.
    this.addSql(`update ${this.table('orders')} set "label_bought_at" = "updated_at" where "tracking_number" is not null`);
    this.addSql(`update ${this.table('bulk_items')} set "label_bought_at" = "updated_at" where "tracking_number" is not null`);
    this.addSql(`create index "orders_tracking_idx" on ${this.table('orders')} ("tracking_number") where "tracking_number" is not null`);
    // Labels bought before carriers were recorded were all the sandbox's.
    this.addSql(`
      create view ${this.table('labels')} as
        select 'single'::text as "label_kind", o."id" as "label_id", o."id" as "order_id", o."user_id", coalesce(o."carrier", 'sandbox') as "carrier",
               o."tracking_number", coalesce(o."carrier_refs", '{}'::jsonb) as "carrier_refs", coalesce(o."label_bought_at", o."updated_at") as "purchased_at",
               coalesce(o."price_cents", 0) as "amount_cents", 'label:' || o."id" || ':' || o."attempt" as "charge_key",
               o."service_name", o."receiver"->>'receiver_name' as "receiver_name", null::integer as "row_no"
          from ${this.table('orders')} o where o."status" = 'completed' and o."tracking_number" is not null
        union all
        select 'bulk', i."id", i."bulk_order_id", i."user_id", coalesce(i."carrier", 'sandbox'),
               i."tracking_number", coalesce(i."carrier_refs", '{}'::jsonb), coalesce(i."label_bought_at", i."updated_at"),
               i."price_cents", 'bulk-item:' || i."id",
               i."service_name", i."data"->'receiver'->>'receiver_name', i."row_no" + 1
          from ${this.table('bulk_items')} i where i."status" = 'succeeded' and i."tracking_number" is not null`);
    this.addSql(`
      create table ${this.table('label_voids')} (
        "id" uuid primary key,
        "label_kind" text not null check ("label_kind" in ('single', 'bulk')),
        "label_id" uuid not null,
        "order_id" uuid not null,
        "user_id" uuid not null,
        "carrier" text not null,
        "tracking_number" text not null,
        "carrier_refs" jsonb not null default '{}',
        "purchased_at" timestamptz not null,
        "amount_cents" integer not null check ("amount_cents" >= 0),
        "charge_key" text not null,
        "state" text not null check ("state" in ('void_requested', 'voided', 'refund_pending', 'refunded', 'refund_rejected')),
        "refund_ref" text null,
        "reason" text null,
        "requested_by" text not null check ("requested_by" in ('customer', 'admin', 'auto')),
        "actor_id" uuid null,
        "requested_at" timestamptz not null default now(),
        "settled_at" timestamptz null,
        "next_check_at" timestamptz not null default now(),
        "checks" integer not null default 0,
        "updated_at" timestamptz not null default now(),
        constraint "label_voids_label_unique" unique ("label_kind", "label_id")
      )`);
    this.addSql(`create index "label_voids_due_idx" on ${this.table('label_voids')} ("next_check_at") where "state" in ('void_requested', 'refund_pending')`);
    this.addSql(`create index "label_voids_user_idx" on ${this.table('label_voids')} ("user_id", "state")`);
    this.addSql(`create index "label_voids_order_idx" on ${this.table('label_voids')} ("order_id")`);
    this.addSql(`create index "label_voids_requested_idx" on ${this.table('label_voids')} ("requested_at" desc)`);
    this.addSql(`
      create table ${this.table('label_tracking')} (
        "label_kind" text not null check ("label_kind" in ('single', 'bulk')),
        "label_id" uuid not null,
        "tracking_number" text not null,
        "carrier" text not null,
        "status" text not null,
        "used" boolean not null default false,
        "events" jsonb not null default '[]',
        "checked_at" timestamptz null,
        "next_poll_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        primary key ("label_kind", "label_id")
      )`);
    this.addSql(`create index "label_tracking_number_idx" on ${this.table('label_tracking')} ("tracking_number")`);
    this.addSql(`create index "label_tracking_due_idx" on ${this.table('label_tracking')} ("next_poll_at")`);
    // EasyPost webhooks are delivered at least once: an event id seen before changes nothing.
    this.addSql(`
      create table ${this.table('webhook_events')} (
        "source" text not null,
        "event_id" text not null,
        "received_at" timestamptz not null default now(),
        primary key ("source", "event_id")
      )`);
  }
}
