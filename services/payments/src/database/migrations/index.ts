import { Migration001Accounts } from './migration-001-accounts';
import { Migration002Ledger } from './migration-002-ledger';
import { Migration003Deposits } from './migration-003-deposits';
import { Migration004Holds } from './migration-004-holds';
import { Migration005RefundOf } from './migration-005-refund-of';
import { Migration006EventOutbox } from './migration-006-event-outbox';
import { Migration007ReferralBonus } from './migration-007-referral-bonus';
import { Migration008ChargeOnUse } from './migration-008-charge-on-use';
import { Migration009ClaimPayouts } from './migration-009-claim-payouts';
import { Migration010TestAccounts } from './migration-010-test-accounts';

export const paymentsMigrations = [
  { name: 'Migration001Accounts', class: Migration001Accounts },
  { name: 'Migration002Ledger', class: Migration002Ledger },
  { name: 'Migration003Deposits', class: Migration003Deposits },
  { name: 'Migration004Holds', class: Migration004Holds },
  { name: 'Migration005RefundOf', class: Migration005RefundOf },
  { name: 'Migration006EventOutbox', class: Migration006EventOutbox },
  { name: 'Migration007ReferralBonus', class: Migration007ReferralBonus },
  { name: 'Migration008ChargeOnUse', class: Migration008ChargeOnUse },
  { name: 'Migration009ClaimPayouts', class: Migration009ClaimPayouts },
  { name: 'Migration010TestAccounts', class: Migration010TestAccounts },
];
