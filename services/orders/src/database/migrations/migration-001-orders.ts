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
