import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 46, insurance and signatures (decision 102): a single order's extra services, one row per order written before
 * the order is placed (an order without a row has none). The fees are in the order's price and so in its one ledger
 * charge; they are kept apart here so the label says what was insured for how much, and a claim is capped by it.
 * A new table only: the previous release never reads it.
 */
export class Migration032LabelExtras extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('label_extras')} (
        "order_id" uuid primary key,
        "user_id" uuid not null,
        "declared_value_cents" integer null check ("declared_value_cents" > 0),
        "insurance_cents" integer not null default 0 check ("insurance_cents" >= 0),
        "signature" text not null default 'none' check ("signature" in ('none', 'signature', 'adult')),
        "signature_cents" integer not null default 0 check ("signature_cents" >= 0),
        "created_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "label_extras_insured_idx" on ${this.table('label_extras')} ("user_id", "created_at") where "declared_value_cents" is not null`);
  }
}
