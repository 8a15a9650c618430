import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Wrong two-factor codes per account (decision 071): one row per user, its count and the end of its window, changed
 * by one conditional upsert, so every auth replica and every parallel request see one count. A new table, so replicas
 * of the previous release (which never read it) keep working during a rolling update.
 */
export class Migration010TwoFactorFailures extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('two_factor_failures')} (
        "user_id" uuid primary key,
        "failures" integer not null,
        "window_ends_at" timestamptz not null
      )`);
  }
}
