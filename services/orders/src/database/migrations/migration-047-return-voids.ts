import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 123: a return label voided unused at its carrier is `voided` (its prepaid charge given back once under
 * `refund:return:<id>`), dated by `voided_at`. The status check gains the value; a column is added. The previous
 * release never writes `voided` and reads no `voided_at`.
 */
export class Migration047ReturnVoids extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('return_labels')} drop constraint if exists "return_labels_status_check"`);
    this.addSql(
      `alter table ${this.table('return_labels')} add constraint "return_labels_status_check" check ("status" in ('pending', 'awaiting_scan', 'charged', 'prepaid', 'voided'))`,
    );
    this.addSql(`alter table ${this.table('return_labels')} add column if not exists "voided_at" timestamptz null`);
  }
}
