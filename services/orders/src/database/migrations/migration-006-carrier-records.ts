import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Every bought label records which carrier sold it, the carrier's own ids, what it cost us and its format; and every
 * purchase is journalled per idempotency key before the carrier is asked, so a lost answer is resolved by asking the
 * same carrier again and never by buying from another one (docs/decisions/044).
 */
export class Migration006CarrierRecords extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('carrier_purchases')} (
        "idempotency_key" text primary key,
        "carrier" text not null,
        "state" text not null check ("state" in ('sent', 'bought', 'refused', 'unknown', 'not_attempted')),
        "attempt_id" uuid not null,
        "refs" jsonb not null default '{}',
        "sent_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      )`);
    for (const table of ['orders', 'bulk_items']) {
      this.addSql(`alter table ${this.table(table)}
        add column "carrier" text,
        add column "carrier_refs" jsonb,
        add column "cost_cents" integer check ("cost_cents" >= 0),
        add column "label_format" text`);
    }
  }
}
