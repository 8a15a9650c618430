import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Bulk orders: a batch row and one row per label with its own state, so any replica can claim items
 * (SKIP LOCKED) and a crash at any moment resumes where it stopped. Large files are stored in parts so
 * that a merged PDF is written as a stream and never held whole in memory.
 */
export class Migration002Bulk extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('bulk_orders')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "status" text not null check ("status" in ('draft', 'processing', 'generating_files', 'completed', 'completed_with_errors', 'failed', 'retrying_failed', 'processing_error', 'retry_processing_error', 'recovery_failed')),
        "total_count" integer not null default 0,
        "processed_count" integer not null default 0,
        "failed_count" integer not null default 0,
        "quoted_cents" bigint not null default 0 check ("quoted_cents" >= 0),
        "charged_cents" bigint not null default 0 check ("charged_cents" >= 0),
        "label_format" text not null default '4x6',
        "sort_by_sku" boolean not null default false,
        "round" integer not null default 0,
        "hold_id" text null,
        "hold_cents" bigint not null default 0,
        "pdf_file_id" uuid null,
        "result_file_id" uuid null,
        "confirm_file_id" uuid null,
        "pdf_name" text null,
        "result_csv_name" text null,
        "auto_confirm_csv_name" text null,
        "error" text null,
        "stuck_at" timestamptz null,
        "lease_until" timestamptz null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "bulk_orders_user_created_idx" on ${this.table('bulk_orders')} ("user_id", "created_at" desc)`);
    this.addSql(`create index "bulk_orders_active_idx" on ${this.table('bulk_orders')} ("status") where "status" in ('processing', 'retrying_failed', 'generating_files')`);
    this.addSql(`
      create table ${this.table('bulk_items')} (
        "id" uuid primary key,
        "bulk_order_id" uuid not null references ${this.table('bulk_orders')} ("id") on delete cascade,
        "user_id" uuid not null,
        "row_no" integer not null,
        "status" text not null check ("status" in ('pending', 'labelled', 'succeeded', 'failed')),
        "round" integer not null default 1,
        "service_name" text not null,
        "service_uid" text not null,
        "price_cents" integer not null check ("price_cents" >= 0),
        "sku" text null,
        "data" jsonb not null,
        "tracking_number" text null,
        "label_pdf" bytea null,
        "error" text null,
        "claimed_until" timestamptz null,
        "updated_at" timestamptz not null default now(),
        constraint "bulk_items_row_unique" unique ("bulk_order_id", "row_no")
      )`);
    this.addSql(`create index "bulk_items_open_idx" on ${this.table('bulk_items')} ("bulk_order_id", "row_no") where "status" in ('pending', 'labelled')`);
    this.addSql(`
      create table ${this.table('bulk_staged_rows')} (
        "bulk_order_id" uuid not null references ${this.table('bulk_orders')} ("id") on delete cascade,
        "row_no" integer not null,
        "data" jsonb not null,
        primary key ("bulk_order_id", "row_no")
      )`);
    this.addSql(`
      create table ${this.table('file_parts')} (
        "file_id" uuid not null references ${this.table('files')} ("id") on delete cascade,
        "part_no" integer not null,
        "data" bytea not null,
        primary key ("file_id", "part_no")
      )`);
    this.addSql(`alter table ${this.table('files')} alter column "data" drop not null`);
    this.addSql(`alter table ${this.table('files')} add column "part_bytes" integer null`);
  }
}
