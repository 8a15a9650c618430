import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 47: an upload's order IDs are looked up among the user's bought labels, a slice of IDs per statement
 * (shippedOrdersSql), so a file uploaded twice is not bought twice. Only items with a label are indexed: a batch's
 * pending and failed rows are never looked up by order ID.
 */
export class Migration017ShippedOrderIds extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "bulk_items_user_order_id_idx" on ${this.table('bulk_items')} ("user_id", ("data"->'package'->>'order_id')) where "tracking_number" is not null`,
    );
  }
}
