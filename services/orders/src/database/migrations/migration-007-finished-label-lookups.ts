import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * The admin dashboard sums the labels finished in the last days (counts, revenue, carrier cost and margin) every
 * minute it is open: finished labels are found by when they finished, not by scanning every label ever bought.
 */
export class Migration007FinishedLabelLookups extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index "orders_completed_updated_idx" on ${this.table('orders')} ("updated_at") where "status" = 'completed'`);
    this.addSql(`create index "bulk_items_succeeded_updated_idx" on ${this.table('bulk_items')} ("updated_at") where "status" = 'succeeded'`);
  }
}
