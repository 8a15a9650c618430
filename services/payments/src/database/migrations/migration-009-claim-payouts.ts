import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Insurance claims paid to sellers (docs/decisions/102-insurance-claims-and-signatures.md): the ledger accepts the
 * `claim_payout` kind. The check is replaced by a wider one, as migration 007 did: the previous release writes none of
 * it and reads no list of kinds, so this is safe while it still serves.
 */
export class Migration009ClaimPayouts extends ServiceMigration {
  override async up(): Promise<void> {
    const entries = this.table('ledger_entries');
    this.addSql(`alter table ${entries} drop constraint if exists "ledger_entries_kind_check"`);
    this.addSql(
      `alter table ${entries} add constraint "ledger_entries_kind_check" check ("kind" in ('deposit', 'label_purchase', 'refund', 'admin_adjustment', 'hold', 'release', 'reversal', 'referral_bonus', 'claim_payout'))`,
    );
  }
}
