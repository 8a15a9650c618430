import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 49: Orders and Batch Orders are searched and paged on the server, newest first with the id breaking ties, in
 * the caller's scope. A seller's page is read in this index's order and stops after the page (no sort of all their
 * rows); its filters (state, service, carrier, days, text) are checked on that seller's rows only. A text may match any
 * part of a receiver's name, which no b-tree serves and the embedded database has no trigram index for: bounding it
 * to one seller's rows is what keeps it cheap. Batches already have the same (user, newest first) index. Only indexes
 * are added, so the previous release's replicas read and write as before.
 */
export class Migration022OrderSearch extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "orders_user_newest_idx" on ${this.table('orders')} ("user_id", "created_at" desc, "id" desc)`);
    this.addSql(`create index if not exists "bulk_orders_user_newest_idx" on ${this.table('bulk_orders')} ("user_id", "created_at" desc, "id" desc) where "status" <> 'draft'`);
  }
}
