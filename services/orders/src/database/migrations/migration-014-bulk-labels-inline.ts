import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * A bulk item keeps its label in its own row when the row fits in a page: at PostgreSQL's default a row over ~2 kB
 * has its label compressed (in vain: its drawing is deflated already) and then moved to the TOAST table, two chunks
 * and two index entries a label. Larger labels (a carrier's image labels) are still moved out of line. Kept from the
 * withdrawn decision 059: buying writes less, at the price of a larger items' heap to read back for the files.
 */
export class Migration014BulkLabelsInline extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('bulk_items')} set (toast_tuple_target = 8160)`);
  }
}
