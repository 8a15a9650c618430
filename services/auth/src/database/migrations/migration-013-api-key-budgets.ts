import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * One token bucket per API key, shared by every gateway replica (decision 075): `tokens` as of `refilled_at` (the
 * database's clock, the one clock all replicas share), and what the last lease granted.
 */
export class Migration013ApiKeyBudgets extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('api_key_budgets')} (
        "key_id" uuid primary key references ${this.table('api_keys')} ("id") on delete cascade,
        "tokens" double precision not null,
        "refilled_at" timestamptz not null,
        "granted" integer not null default 0
      )`);
  }
}
