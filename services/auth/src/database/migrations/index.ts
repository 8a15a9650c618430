import { Migration001Users } from './migration-001-users';
import { Migration002SessionsAndSignInCounters } from './migration-002-sessions-and-sign-in-counters';
import { Migration003DeletedUsers } from './migration-003-deleted-users';
import { Migration004AuditLog } from './migration-004-audit-log';
import { Migration005PasswordResets } from './migration-005-password-resets';
import { Migration006LoginAsVersion } from './migration-006-login-as-version';
import { Migration007AuditTargetIdentity } from './migration-007-audit-target-identity';
import { Migration008TwoFactor } from './migration-008-two-factor';
import { Migration009ApiKeys } from './migration-009-api-keys';
import { Migration010TwoFactorFailures } from './migration-010-two-factor-failures';
import { Migration011AuditActingAs } from './migration-011-audit-acting-as';
import { Migration013ApiKeyBudgets } from './migration-013-api-key-budgets';
import { Migration014ApiKeyModes } from './migration-014-api-key-modes';

export const authMigrations = [
  { name: 'Migration001Users', class: Migration001Users },
  { name: 'Migration002SessionsAndSignInCounters', class: Migration002SessionsAndSignInCounters },
  { name: 'Migration003DeletedUsers', class: Migration003DeletedUsers },
  { name: 'Migration004AuditLog', class: Migration004AuditLog },
  { name: 'Migration005PasswordResets', class: Migration005PasswordResets },
  { name: 'Migration006LoginAsVersion', class: Migration006LoginAsVersion },
  { name: 'Migration007AuditTargetIdentity', class: Migration007AuditTargetIdentity },
  { name: 'Migration008TwoFactor', class: Migration008TwoFactor },
  { name: 'Migration009ApiKeys', class: Migration009ApiKeys },
  { name: 'Migration010TwoFactorFailures', class: Migration010TwoFactorFailures },
  { name: 'Migration011AuditActingAs', class: Migration011AuditActingAs },
  { name: 'Migration013ApiKeyBudgets', class: Migration013ApiKeyBudgets },
  { name: 'Migration014ApiKeyModes', class: Migration014ApiKeyModes },
];
