import { ServiceMigration } from '@labeldesk/nest-orm';

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
