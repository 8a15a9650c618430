import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * An admin's "login as" sessions are bound to the admin (decision 037): signing out moves this on and ends them all.
 * A default, so replicas of the previous release (which never read it) keep inserting users during a rolling update.
 */
export class Migration006LoginAsVersion extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('users')} add column "login_as_version" integer not null default 0`);
  }
}
