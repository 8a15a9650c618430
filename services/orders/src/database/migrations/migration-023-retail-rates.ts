import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 49, decision 092: a bought label keeps the carrier's retail rate for it (what the same postage costs at the
 * counter: EasyPost's `retail_rate`, the sandbox's simulated one), so the customer's report can say what they saved.
 * Null for labels bought before, and for carriers that give none: the report leaves those out and counts them.
 * Columns only added, nullable, so the previous release's replicas read and write as before.
 */
export class Migration023RetailRates extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('orders')} add column if not exists "retail_cents" integer check ("retail_cents" >= 0)`);
    this.addSql(`alter table ${this.table('bulk_items')} add column if not exists "retail_cents" integer check ("retail_cents" >= 0)`);
  }
}
