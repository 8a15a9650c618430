import { ServiceMigration } from '@labeldesk/nest-orm';

/** A deposit is our side of an invoice: created first, so a lost reply never makes a second invoice. */
export class Migration003Deposits extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('deposits')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "amount_cents" bigint not null check ("amount_cents" > 0),
        "currency" text not null,
        "provider" text not null check ("provider" in ('btcpay', 'test')),
        "status" text not null check ("status" in ('Creating', 'New', 'Processing', 'Settled', 'Expired', 'Invalid', 'Failed')),
        "additional_status" text null,
        "invoice_id" text null,
        "credited" boolean not null default false,
        "reversed" boolean not null default false,
        "note" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "deposits_invoice_unique" unique ("invoice_id")
      )`);
    this.addSql(`create index "deposits_user_created_idx" on ${this.table('deposits')} ("user_id", "created_at" desc)`);
    this.addSql(`create index "deposits_open_idx" on ${this.table('deposits')} ("updated_at") where "status" in ('Creating', 'New', 'Processing')`);
    this.addSql(`
      create table ${this.table('webhook_events')} (
        "original_delivery_id" text primary key,
        "last_delivery_id" text not null,
        "type" text not null,
        "invoice_id" text null,
        "deliveries" integer not null default 1,
        "received_at" timestamptz not null default now()
      )`);
    this.addSql(`
      create table ${this.table('test_invoices')} (
        "id" text primary key,
        "deposit_id" uuid not null,
        "amount_cents" bigint not null,
        "currency" text not null,
        "status" text not null check ("status" in ('New', 'Settled', 'Expired')),
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null
      )`);
  }
}
