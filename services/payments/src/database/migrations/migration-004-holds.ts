import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Holds (docs/decisions/009-ledger-holds.md): every account gets a second bucket, `held`, beside the spendable
 * balance. Each entry says which bucket it moves and `balance_after_cents` is that bucket's balance, so the
 * "never below zero" check holds per bucket. A hold row tracks how much of it was captured and released.
 */
export class Migration004Holds extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('accounts')} add column "held_cents" bigint not null default 0 check ("held_cents" >= 0)`);
    this.addSql(`
      alter table ${this.table('ledger_entries')}
        add column "bucket" text not null default 'available' check ("bucket" in ('available', 'held'))`);
    this.addSql(`
      create table ${this.table('ledger_holds')} (
        "hold_id" text primary key,
        "user_id" uuid not null,
        "amount_cents" bigint not null check ("amount_cents" > 0),
        "captured_cents" bigint not null default 0 check ("captured_cents" >= 0),
        "released_cents" bigint not null default 0 check ("released_cents" >= 0),
        "status" text not null default 'open' check ("status" in ('open', 'closed')),
        "reference" text not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "ledger_holds_within_amount" check ("captured_cents" + "released_cents" <= "amount_cents")
      )`);
    this.addSql(`create index "ledger_holds_user_created_idx" on ${this.table('ledger_holds')} ("user_id", "created_at" desc)`);
  }
}
