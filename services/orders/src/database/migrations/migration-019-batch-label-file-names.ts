import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 44 item 3, for batches as migration 018 did for single orders: a batch's labels file is the merged PDF or the
 * .zpl of a `zpl` batch (decision 047), and each bought item holds its carrier's label in either format, so their
 * columns say label, not pdf. A rename changes only the catalogue: every row keeps its file, name and label bytes.
 * The wire keeps the spec's `pdfName`/`zplName`; the mappers translate.
 */
export class Migration019BatchLabelFileNames extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('bulk_orders')} rename column "pdf_file_id" to "label_file_id"`);
    this.addSql(`alter table ${this.table('bulk_orders')} rename column "pdf_name" to "label_name"`);
    this.addSql(`alter table ${this.table('bulk_items')} rename column "label_pdf" to "label_file"`);
  }
}
