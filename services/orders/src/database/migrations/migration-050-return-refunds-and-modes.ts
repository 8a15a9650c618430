import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 125: a prepaid return voided at a carrier that refunds later (EasyPost) waits for the carrier's refund:
 * `refund_pending` (its refund request's id in `refund_ref`, asked about at `next_check_at`, `refund_checks` so far)
 * until the carrier says refunded (credited once, then `voided`) or rejected (`refund_rejected`, its reason kept, nothing
 * credited). A return has a mode (live, or test for an `ld_test_` key's return of a test order: decisions 110, 119),
 * defaulted so the previous release's inserts stay live. Only columns, check values and an index are added
 * (rolling-safe.spec); the previous release never writes the new states and its poller claims only its own.
 */
export class Migration050ReturnRefundsAndModes extends ServiceMigration {
  override async up(): Promise<void> {
    const table = this.table('return_labels');
    this.addSql(`alter table ${table} drop constraint if exists "return_labels_status_check"`);
    this.addSql(
      `alter table ${table} add constraint "return_labels_status_check" check ("status" in ('pending', 'awaiting_scan', 'charged', 'prepaid', 'voided', 'refund_pending', 'refund_rejected'))`,
    );
    this.addSql(`alter table ${table} add column if not exists "refund_ref" text null`);
    this.addSql(`alter table ${table} add column if not exists "refund_reason" text null`);
    this.addSql(`alter table ${table} add column if not exists "refund_checks" integer not null default 0`);
    this.addSql(`alter table ${table} add column if not exists "mode" text not null default 'live' constraint "return_labels_mode_check" check ("mode" in ('live', 'test'))`);
    this.addSql(`create index if not exists "return_labels_refunds_due_idx" on ${table} ("next_check_at") where "status" = 'refund_pending'`);
  }
}
