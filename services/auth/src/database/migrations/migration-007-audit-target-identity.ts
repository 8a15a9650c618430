import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * The name and e-mail of the user an admin action was taken on, kept with the entry as they were then, so the log
 * still says whom a deleted (or since renamed) user was. Entries written before this get them from the user's row,
 * which a delete keeps, or else from the snapshot taken before the action.
 */
export class Migration007AuditTargetIdentity extends ServiceMigration {
  override async up(): Promise<void> {
    const audit = this.table('audit_log');
    this.addSql(`alter table ${audit} add column "target_name" text null, add column "target_email" text null`);
    const users = this.table('users');
    this.addSql(`
      update ${audit} a set
        "target_name" = coalesce((select u."name" from ${users} u where u."id"::text = a."target_id"), a."before"->>'name', a."after"->>'name'),
        "target_email" = coalesce((select u."email" from ${users} u where u."id"::text = a."target_id"), a."before"->>'email', a."after"->>'email')
      where a."target_type" = 'user' and a."target_id" is not null`);
  }
}
