import { ServiceMigration } from '@labeldesk/nest-orm';

/** One row per user: the ledger's running totals (kept in the same transaction as each entry). */
export class Migration001Accounts extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('accounts')} (
        "user_id" uuid primary key,
        "balance_cents" bigint not null default 0 check ("balance_cents" >= 0),
        "total_deposit_cents" bigint not null default 0,
        "total_spent_cents" bigint not null default 0,
        "updated_at" timestamptz not null default now()
      )`);
  }
}

