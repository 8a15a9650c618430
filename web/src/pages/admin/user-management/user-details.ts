import { referralCodeSchema } from '@labeldesk/contracts';
import type { PublicUser } from '@labeldesk/contracts';
import { centsToDollarInput, dollarInputToCents } from '../../../libs/format';
import type { UserDetailsBody } from '../../../services/users/update-user-details';

/** The ledger's ceiling for a balance an admin may set (payments contract: 100,000,000 cents). */
const MAX_BALANCE_CENTS = 100_000_000;

export interface DetailsDraft {
  userId: string;
  balance: string;
  referralCode: string;
}

export type DetailsErrors = Partial<Record<'balance' | 'referralCode', string>>;

export const draftFor = (user: PublicUser): DetailsDraft => ({
  userId: user._id,
  balance: centsToDollarInput(user.balance),
  referralCode: user.referralCode,
});

/** The Save checks: a dollar amount with at most 2 decimals, and a referral code the server would accept. */
export const checkDraft = (user: PublicUser, draft: DetailsDraft): { body: UserDetailsBody } | { errors: DetailsErrors } => {
  const errors: DetailsErrors = {};
  const cents = dollarInputToCents(draft.balance);
  if (draft.balance.trim() === '') errors.balance = 'Balance is required';
  else if (cents === null) errors.balance = 'Enter an amount like 50.00';
  else if (cents > MAX_BALANCE_CENTS) errors.balance = 'Balance must be at most $1,000,000.00';
  const code = referralCodeSchema.safeParse(draft.referralCode);
  if (!code.success) errors.referralCode = code.error.issues[0]?.message ?? 'Invalid referral code';
  if (cents === null || Object.keys(errors).length > 0) return { errors };
  // A code is sent only when one was typed and it differs from the current one.
  const referralCode = code.success && code.data !== '' && code.data !== user.referralCode ? code.data : undefined;
  return { body: referralCode ? { balance: cents, referralCode } : { balance: cents } };
};
