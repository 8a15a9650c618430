import type { ApiMode } from '@labeldesk/contracts';
import { createHash } from 'node:crypto';

/**
 * The id of a user's test account (decision 110): a name-based UUID (version 5's layout over SHA-256) of their id, so
 * it is the same every time without a lookup, and is never a user's id: the live account is keyed by the user's own id
 * and no posting for one mode can name the other's account.
 */
export const testAccountIdOf = (userId: string): string => {
  const hex = createHash('sha256').update(`labeldesk:test-account:${userId}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The ledger account a user's money of this mode lives in: their own id when live. */
export const ledgerAccountOf = (userId: string, mode: ApiMode | undefined): string => (mode === 'test' ? testAccountIdOf(userId) : userId);
