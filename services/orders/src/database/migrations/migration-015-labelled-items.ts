import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Items whose label is bought but not yet charged are looked for at every flush of the bulk engine (a few times a
 * second while a batch is bought), and there are almost never any. The open items' index also holds every pending
 * item, so each look walked the batch's pending rows (decision 058). This index holds only the labelled ones, so a
 * look finds nothing at once.
 */
export class Migration015LabelledItems extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index "bulk_items_labelled_idx" on ${this.table('bulk_items')} ("bulk_order_id", "row_no") where "status" = 'labelled'`);
  }
}
