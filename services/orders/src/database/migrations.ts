import type { MigrationObject } from '@mikro-orm/core';
import { ServiceMigration } from '@labeldesk/nest-orm';

export class Migration001Orders extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create sequence ${this.table('label_serial_seq')} start 1000`);
    this.addSql(`
      create table ${this.table('files')} (
        "id" uuid primary key,
        "owner_id" uuid not null,
        "name" text not null,
        "content_type" text not null,
        "size_bytes" integer not null,
        "data" bytea not null,
        "created_at" timestamptz not null default now(),
        constraint "files_name_unique" unique ("name")
      )`);
    this.addSql(`
      create table ${this.table('orders')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "idempotency_key" text not null,
        "request_hash" text not null,
        "status" text not null check ("status" in ('pending', 'completed', 'cancelled')),
        "service_name" text not null,
        "service_uid" text null,
        "courier" text not null,
        "sender" jsonb not null,
        "receiver" jsonb not null,
        "package" jsonb not null,
        "price_cents" integer null check ("price_cents" >= 0),
        "attempt" integer not null default 1,
        "tracking_number" text null,
        "pdf_file_id" uuid null references ${this.table('files')} ("id"),
        "pdf_name" text null,
        "failure_reason" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "orders_user_idempotency_unique" unique ("user_id", "idempotency_key"),
        constraint "orders_tracking_unique" unique ("tracking_number")
      )`);
    this.addSql(`create index "orders_user_created_idx" on ${this.table('orders')} ("user_id", "created_at")`);
    this.addSql(`create index "orders_pending_idx" on ${this.table('orders')} ("updated_at") where "status" = 'pending'`);
  }
}

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

/** The sandbox carrier's record of issued labels: one serial per idempotency key, as a carrier keeps its labels. */
export class Migration003SandboxLabels extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('sandbox_labels')} (
        "idempotency_key" text primary key,
        "serial" bigint not null,
        "requested_by" text not null,
        "created_at" timestamptz not null default now()
      )`);
  }
}

/** The dashboard's Total Orders counts every label a user bought, single or in bulk. */
export class Migration004LabelCounts extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index "bulk_items_user_succeeded_idx" on ${this.table('bulk_items')} ("user_id") where "status" = 'succeeded'`);
  }
}

/**
 * Order-label management looks orders up across every user: by tracking number (single orders have a unique index;
 * a batch label needs one), and newest first by creation.
 */
export class Migration005AdminLookups extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index "bulk_items_tracking_idx" on ${this.table('bulk_items')} ("tracking_number") where "tracking_number" is not null`);
    this.addSql(`create index "orders_created_idx" on ${this.table('orders')} ("created_at" desc)`);
    this.addSql(`create index "bulk_orders_created_idx" on ${this.table('bulk_orders')} ("created_at" desc) where "status" <> 'draft'`);
  }
}

/** Ordered list of this service's migrations, applied at start in its own schema. */
export const ordersMigrations: MigrationObject[] = [
  { name: 'Migration001Orders', class: Migration001Orders },
  { name: 'Migration002Bulk', class: Migration002Bulk },
  { name: 'Migration003SandboxLabels', class: Migration003SandboxLabels },
  { name: 'Migration004LabelCounts', class: Migration004LabelCounts },
  { name: 'Migration005AdminLookups', class: Migration005AdminLookups },
];
