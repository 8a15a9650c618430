import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * An admin's delete keeps the user's row (their orders, files and ledger name them) and marks it; the e-mail is unique
 * among users that are not deleted only, so the person can register again. The index keeps the constraint's name,
 * which sign-up turns into "An account with this email already exists".
 */
export class Migration003DeletedUsers extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('users')} add column "deleted_at" timestamptz null`);
    this.addSql(`alter table ${this.table('users')} drop constraint "users_email_unique"`);
    this.addSql(`create unique index "users_email_unique" on ${this.table('users')} ("email") where "deleted_at" is null`);
  }
}
