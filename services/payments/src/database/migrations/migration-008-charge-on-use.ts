import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 101: a pay-on-use label is charged when its carrier first scans it, even when the balance no longer covers
 * it, so a balance may go below zero by such a charge alone. The account's check is dropped (every other posting
 * still refuses to go below zero in its own conditional update) and the entries' check allows a negative balance
 * after only for a pay-on-use charge (`use:` keys). Constraints only loosen: the previous release writes as before.
 */
export class Migration008ChargeOnUse extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('accounts')} drop constraint if exists "accounts_balance_cents_check"`);
    const entries = this.table('ledger_entries');
    this.addSql(`alter table ${entries} drop constraint if exists "ledger_entries_balance_after_cents_check"`);
    this.addSql(`alter table ${entries} add constraint "ledger_entries_balance_after_cents_check" check ("balance_after_cents" >= 0 or "idempotency_key" like 'use:%')`);
  }
}
