import { ServiceMigration } from '@labeldesk/nest-orm';

/** The sandbox carrier's record of issued labels: one serial per idempotency key, as a carrier keeps its labels. */
export class Migration003SandboxLabels extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('sandbox_labels')} (
        "idempotency_key" text primary key,
        "serial" bigint not null,
        "requested_by" text not null,
        "created_at" timestamptz not null default now()
      )`);
  }
}
