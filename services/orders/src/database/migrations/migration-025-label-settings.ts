import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 49: a user's label size (decision 096), the paper their single PDF labels download on. One row per user who
 * chose; a user without a row prints 4×6. A new table only, so the previous release's replicas run as before.
 */
export class Migration025LabelSettings extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists ${this.table('label_settings')} (
        "user_id" uuid primary key,
        "label_size" text not null check ("label_size" in ('4x6', 'letter')),
        "updated_at" timestamptz not null default now()
      )`);
  }
}
