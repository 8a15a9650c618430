import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 119 (issue 48, "Test mode"): an order says whether it was placed in live or test mode (an `ld_test_` key's
 * purchase, on the sandbox carrier and the test balance of decision 110). The column has a default, so the previous
 * release's replicas, which insert orders without it during a rolling update, write live orders as they always did
 * (they refuse test keys on every purchase route). Lists are read per mode: a seller's page of one mode is read in this
 * index's order and stops after the page, whatever the other mode holds (a handful of test labels among a million live
 * ones, or the other way round); the (user, newest first) index of migration 022 stays for the reads that span both.
 */
export class Migration040OrderModes extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('orders')} add column if not exists "mode" text not null default 'live' constraint "orders_mode_check" check ("mode" in ('live', 'test'))`);
    this.addSql(`create index if not exists "orders_user_mode_newest_idx" on ${this.table('orders')} ("user_id", "mode", "created_at" desc, "id" desc)`);
  }
}
