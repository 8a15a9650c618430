import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 44 item 3: a single order's label file may be a PDF or a ZPL file, so its columns say label, not pdf. A rename
 * changes only the catalogue: every row keeps its file and name, and the foreign key and the `labels` view follow the
 * column (they hold it by number, not by name). The wire keeps the spec's `pdfName`; the mappers translate.
 */
export class Migration018LabelFileNames extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('orders')} rename column "pdf_file_id" to "label_file_id"`);
    this.addSql(`alter table ${this.table('orders')} rename column "pdf_name" to "label_name"`);
    this.addSql(`alter table ${this.table('orders')} rename constraint "orders_pdf_file_id_fkey" to "orders_label_file_id_fkey"`);
  }
}
