import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * What an admin does signed in as a customer is theirs (decision 069): the entry's actor is the admin, and this names
 * the customer they were acting as (null for everything else). Nullable, so replicas of the previous release, which
 * never write it, keep appending during a rolling update.
 */
export class Migration011AuditActingAs extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('audit_log')} add column "acting_as_id" uuid null`);
  }
}
