import { Migration001Accounts } from './migration-001-accounts';
import { Migration002Ledger } from './migration-002-ledger';

export const paymentsMigrations = [
  { name: 'Migration001Accounts', class: Migration001Accounts },
  { name: 'Migration002Ledger', class: Migration002Ledger },
];
