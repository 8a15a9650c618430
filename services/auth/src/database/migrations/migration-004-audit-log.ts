import { ServiceMigration } from '@labeldesk/nest-orm';

/** Who did what to whom, with the state before and after: every admin action, kept for good. */
export class Migration004AuditLog extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('audit_log')} (
        "id" uuid primary key,
        "actor_id" uuid not null,
        "action" text not null,
        "target_type" text not null,
        "target_id" text null,
        "before" jsonb null,
        "after" jsonb null,
        "created_at" timestamptz not null default now()
      )`);
    this.addSql(`create index "audit_log_created_idx" on ${this.table('audit_log')} ("created_at" desc)`);
    this.addSql(`create index "audit_log_target_idx" on ${this.table('audit_log')} ("target_id", "created_at" desc)`);
    this.addSql(`create index "audit_log_actor_idx" on ${this.table('audit_log')} ("actor_id", "created_at" desc)`);
  }
}
