import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 101: return labels, one row each beside the order whose label they return. `generation` numbers an order's
 * return labels (1, then 2 when the seller deliberately asks again): unique per order, so two requests for an order's
 * first return make one. A row is `pending` only while its label is being bought; `awaiting_scan` rows (pay on use,
 * nothing charged yet) are what the scan poller asks about, by `next_check_at`. A new table: the previous release never
 * reads it.
 */
export class Migration030ReturnLabels extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('return_labels')} (
        "id" uuid primary key,
        "order_id" uuid not null,
        "user_id" uuid not null,
        "generation" integer not null check ("generation" >= 1),
        "status" text not null check ("status" in ('pending', 'awaiting_scan', 'charged', 'prepaid')),
        "payment" text not null check ("payment" in ('on_use', 'prepaid')),
        "courier" text not null,
        "service_uid" text not null,
        "service_name" text not null,
        "price_cents" integer not null check ("price_cents" >= 0),
        "carrier" text null,
        "carrier_refs" jsonb null,
        "cost_cents" integer null,
        "tracking_number" text null,
        "label_file_id" uuid null,
        "label_name" text null,
        "purchased_at" timestamptz null,
        "scanned_at" timestamptz null,
        "charged_at" timestamptz null,
        "next_check_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        unique ("order_id", "generation")
      )`);
    this.addSql(`create index "return_labels_user_idx" on ${this.table('return_labels')} ("user_id", "created_at")`);
    this.addSql(`create index "return_labels_due_idx" on ${this.table('return_labels')} ("next_check_at") where "status" in ('awaiting_scan', 'pending')`);
  }
}
