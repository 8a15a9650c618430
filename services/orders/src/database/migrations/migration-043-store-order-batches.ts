import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 113: an imported order bought in a batch names its batch row (bulk_order_id, bulk_row_no), so the inbox,
 * the write-back and a second purchase find the batch's label as they find a single label by its idempotency key.
 * Nullable with no default: the previous release's replicas insert imported orders without them (no batch label).
 */
export class Migration043StoreOrderBatches extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('store_orders')} add column if not exists "bulk_order_id" uuid null, add column if not exists "bulk_row_no" integer null`);
    this.addSql(`create index if not exists "store_orders_bulk_idx" on ${this.table('store_orders')} ("bulk_order_id") where "bulk_order_id" is not null`);
  }
}
