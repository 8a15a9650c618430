import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Test mode (docs/decisions/110-test-mode.md): each user's test balance is an account of its own, whose id is derived
 * from theirs (never a user's id), so no posting for one can land on the other. `test_accounts` names those accounts
 * and their users, so the admin's revenue and deposit figures leave them out. The ledger accepts `test_top_up`; the
 * check is replaced by a wider one, as migration 009 did: the previous release writes none of it.
 */
export class Migration010TestAccounts extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('test_accounts')} (
        "account_id" uuid primary key,
        "user_id" uuid not null unique,
        "created_at" timestamptz not null default now()
      )`);
    const entries = this.table('ledger_entries');
    this.addSql(`alter table ${entries} drop constraint if exists "ledger_entries_kind_check"`);
    this.addSql(
      `alter table ${entries} add constraint "ledger_entries_kind_check" check ("kind" in ('deposit', 'label_purchase', 'refund', 'admin_adjustment', 'hold', 'release', 'reversal', 'referral_bonus', 'claim_payout', 'test_top_up'))`,
    );
  }
}
