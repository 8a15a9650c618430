import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 45, decision 086: a bulk row bought under a rate rule keeps what the rule saved against the dearest rate offered
 * for its parcel; a batch keeps the sum as quoted when it started (null: no row under a rule) and of the labels bought.
 * Columns only added, with defaults, so the previous release's replicas read and write as before.
 */
export class Migration020BulkRateSavings extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('bulk_items')} add column if not exists "saved_cents" integer`);
    this.addSql(`alter table ${this.table('bulk_orders')} add column if not exists "quoted_saved_cents" bigint`);
    this.addSql(`alter table ${this.table('bulk_orders')} add column if not exists "saved_cents" bigint not null default 0`);
  }
}
