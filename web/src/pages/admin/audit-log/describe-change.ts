import { COUNTRY_GROUP_NAMES } from '@labeldesk/contracts';
import type { AuditAction, AuditEntry, AuditPage, CountryGroup } from '@labeldesk/contracts';
import { formatCents } from '../../../libs/format';

type Json = AuditEntry['before'];
type JsonObject = { [key: string]: Json };

export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.role': 'Changed role',
  'user.access': 'Changed access',
  'user.balance': 'Set balance',
  'user.referral-code': 'Set referral code',
  'user.delete': 'Deleted user',
  'user.login-as': 'Signed in as user',
  'user.login-as-refused': 'Refused: sign in as user',
  'user.referrer-set': 'Set who referred the user',
  'user.reset-link': 'Issued a password reset link',
  'user.services.prices': "Set a user's prices",
  'user.services.toggle': "Enabled or disabled a user's service",
  'user.services.name': "Renamed a user's service",
  'user.services.pricing': "Set how a user's service is priced",
  'user.services.group-prices': "Set a user's prices for a country group",
  'default-services.prices': 'Set default prices',
  'default-services.toggle': 'Enabled or disabled a default service',
  'default-services.name': 'Renamed a default service',
  'default-services.pricing': 'Set how a default service is priced',
  'default-services.group-prices': 'Set default prices for a country group',
  'default-services.sync': 'Synced default services',
  'referral-bonus.set': 'Set the referral bonus',
  'label.void': "Voided a customer's label",
  'batch.void': "Voided labels of a customer's batch",
  'api-key.create': 'Created an API key',
  'api-key.revoke': 'Revoked an API key',
  'api-key.create-refused': 'Refused: create an API key (wrong password or code)',
  'user.2fa-enabled': 'Turned on two-factor sign-in',
  'user.2fa-disabled': 'Turned off two-factor sign-in',
  'user.2fa-recovery-codes': 'Made new recovery codes',
  'user.2fa-reset': "Reset a user's two-factor sign-in",
  'user.2fa-locked': 'Two-factor codes locked after too many wrong ones',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  balanceCents: 'balance',
  referralCode: 'referral code',
  activation: 'access',
  twoFactorEnabled: 'two-factor sign-in',
  pricingMode: 'pricing',
  markupPercent: 'markup %',
  markupCents: 'fixed markup',
  groupPrices: 'prices abroad',
  amountCents: 'bonus',
  recipients: 'who gets it',
  minimumFirstTopUpCents: 'minimum first top-up',
};

const isObject = (value: Json): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const tiersText = (tiers: Json[]): string =>
  tiers.map((tier) => (isObject(tier) ? `${String(tier['fromWeight'])}–${String(tier['toWeight'])} lb ${typeof tier['price'] === 'number' ? formatCents(tier['price']) : ''}`.trim() : '?')).join(', ') || 'none';

const show = (key: string, value: Json | undefined): string => {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'number' && key.endsWith('Cents')) return formatCents(value);
  if (key === 'prices' && Array.isArray(value)) return tiersText(value);
  // Tiers per country group (decision 116): each group named, then its tiers.
  if (key === 'groupPrices' && isObject(value)) {
    return Object.entries(value).map(([group, tiers]) => `${COUNTRY_GROUP_NAMES[group as CountryGroup] ?? group} ${Array.isArray(tiers) ? tiersText(tiers) : '?'}`).join('; ') || 'none';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

const objectChanges = (before: JsonObject, after: JsonObject, prefix = ''): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => key !== 'id' && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${prefix}${FIELD_LABELS[key] ?? key}: ${show(key, before[key])} → ${show(key, after[key])}`);

const byId = (list: Json[]): Map<string, JsonObject> =>
  new Map(list.filter(isObject).map((item) => [String(item['id']), item]));

/**
 * What an action changed, in a few readable lines (`role: user → friend`, `USPS Ground: enabled: true → false`);
 * the full before and after stay one click away on the page.
 */
export const describeChange = (before: Json, after: Json): string[] => {
  if (isObject(before) && isObject(after)) return objectChanges(before, after);
  if (Array.isArray(before) && Array.isArray(after)) {
    const old = byId(before);
    const now = byId(after);
    const lines: string[] = [];
    for (const [id, item] of now) {
      const was = old.get(id);
      const name = String(item['name'] ?? id);
      if (!was) lines.push(`${name}: added`);
      else lines.push(...objectChanges(was, item, `${name}: `));
    }
    for (const [id, item] of old) if (!now.has(id)) lines.push(`${String(item['name'] ?? id)}: removed`);
    return lines;
  }
  if (before !== null && after === null) return ['removed'];
  if (before === null && after !== null) return ['created'];
  return [];
};

/**
 * The user an action was taken on, by the name and e-mail kept with the entry (so a deleted user is still named);
 * the bare id only for an entry that kept neither.
 */
export const userTargetText = (entry: Pick<AuditEntry, 'targetId' | 'targetName' | 'targetEmail'>): string => {
  if (entry.targetName && entry.targetEmail) return `${entry.targetName} (${entry.targetEmail})`;
  return entry.targetName ?? entry.targetEmail ?? (entry.targetId ? `User ${entry.targetId}` : '—');
};

/** What an action was taken on: a user by name and e-mail, else the kind of thing and its id. */
export const auditTargetText = (entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetName' | 'targetEmail'>): string => {
  if (entry.targetType === 'default-services') return 'All default services';
  if (entry.targetType === 'default-service') return `Default service ${entry.targetId ?? ''}`;
  if (entry.targetType === 'order') return `Order ${entry.targetId ?? ''}`;
  if (entry.targetType === 'bulk-order') return `Batch ${entry.targetId ?? ''}`;
  if (entry.targetType === 'api-key') return `API key ${entry.targetId ?? ''}`;
  if (entry.targetType === 'referral-bonus') return 'Referral bonus';
  return userTargetText(entry);
};

/** "admin A as customer C" for what an admin did signed in as a customer; else the admin. */
export const auditActorText = (entry: Pick<AuditPage['items'][number], 'actorId' | 'actorName' | 'actingAsId' | 'actingAsName'>): string => {
  const admin = entry.actorName ?? entry.actorId;
  return entry.actingAsId === null ? admin : `${admin} as ${entry.actingAsName ?? entry.actingAsId}`;
};
