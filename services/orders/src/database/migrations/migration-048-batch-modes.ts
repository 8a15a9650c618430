import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 124 (issue 48, "Test mode"): a batch says whether it was made in live or test mode (an `ld_test_` key's
 * `POST /api/v1/batches`, bought from the sandbox and held on the test balance). Its rows are of its mode: they are
 * read through their batch (every item read already joins or names it), so the mode is kept once, on the batch. The
 * default keeps the previous release's inserts live (it refuses test keys on every batch route). Lists of one mode are
 * read in the new index's order and stop after the page.
 */
export class Migration048BatchModes extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('bulk_orders')} add column if not exists "mode" text not null default 'live' constraint "bulk_orders_mode_check" check ("mode" in ('live', 'test'))`);
    this.addSql(`create index if not exists "bulk_orders_user_mode_newest_idx" on ${this.table('bulk_orders')} ("user_id", "mode", "created_at" desc, "id" desc)`);
  }
}
