import { ServiceMigration } from '@labeldesk/nest-orm';

/** Append-only: entries are never updated or deleted. The account row holds their running sums. */
export class Migration002Ledger extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('ledger_entries')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "kind" text not null check ("kind" in ('deposit', 'label_purchase', 'refund', 'admin_adjustment', 'hold', 'release', 'reversal')),
        "amount_cents" bigint not null check ("amount_cents" <> 0),
        "balance_after_cents" bigint not null check ("balance_after_cents" >= 0),
        "reference" text not null,
        "idempotency_key" text not null,
        "actor_id" uuid null,
        "reason" text null,
        "created_at" timestamptz not null default now(),
        constraint "ledger_entries_idempotency_key_unique" unique ("idempotency_key")
      )`);
    this.addSql(`create index "ledger_entries_user_created_idx" on ${this.table('ledger_entries')} ("user_id", "created_at" desc)`);
  }
}
