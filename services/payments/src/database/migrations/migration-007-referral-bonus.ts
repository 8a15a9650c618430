import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * The referral bonus (docs/decisions/087-referral-bonus.md). Additive only, safe while the previous release serves:
 * - `referral_bonus_settings`: the one row an admin sets (0 = off, the default);
 * - `referral_bonus_claims`: one row per customer, written in the transaction that credits their first top-up, with
 *   the settings of that moment; `pending` rows are what the payer credits and retries, every other state is final;
 * - the ledger accepts the `referral_bonus` kind (the check is replaced by a wider one: the previous release writes
 *   none of it, and reads no list of kinds).
 */
export class Migration007ReferralBonus extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('referral_bonus_settings')} (
        "id" smallint primary key default 1 check ("id" = 1),
        "amount_cents" integer not null default 0 check ("amount_cents" >= 0),
        "recipients" text not null default 'referred' check ("recipients" in ('referred', 'referrer', 'both')),
        "minimum_first_top_up_cents" integer not null default 0 check ("minimum_first_top_up_cents" >= 0),
        "updated_by" uuid null,
        "updated_at" timestamptz not null default now()
      )`);
    this.addSql(`insert into ${this.table('referral_bonus_settings')} ("id") values (1) on conflict ("id") do nothing`);
    this.addSql(`
      create table ${this.table('referral_bonus_claims')} (
        "user_id" uuid primary key,
        "deposit_id" uuid not null,
        "deposit_cents" bigint not null,
        "amount_cents" integer not null,
        "recipients" text not null,
        "state" text not null check ("state" in ('pending', 'paid', 'not_referred', 'no_recipient', 'off', 'below_minimum')),
        "referrer_id" uuid null,
        "tries" integer not null default 0,
        "next_try_at" timestamptz not null default now(),
        "last_error" text null,
        "created_at" timestamptz not null default now(),
        "settled_at" timestamptz null
      )`);
    this.addSql(`create index "referral_bonus_claims_due_idx" on ${this.table('referral_bonus_claims')} ("next_try_at") where "state" = 'pending'`);
    const entries = this.table('ledger_entries');
    this.addSql(`alter table ${entries} drop constraint if exists "ledger_entries_kind_check"`);
    this.addSql(
      `alter table ${entries} add constraint "ledger_entries_kind_check" check ("kind" in ('deposit', 'label_purchase', 'refund', 'admin_adjustment', 'hold', 'release', 'reversal', 'referral_bonus'))`,
    );
  }
}
