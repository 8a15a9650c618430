import { ServiceMigration } from '@labeldesk/nest-orm';

/** The dashboard's Total Orders counts every label a user bought, single or in bulk. */
export class Migration004LabelCounts extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index "bulk_items_user_succeeded_idx" on ${this.table('bulk_items')} ("user_id") where "status" = 'succeeded'`);
  }
}
