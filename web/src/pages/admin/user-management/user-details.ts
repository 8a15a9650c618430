import { referralCodeSchema } from '@labeldesk/contracts';
import type { PublicUser, UserDetailsBody } from '@labeldesk/contracts';
import { centsToDollarInput, dollarInputToCents } from '../../../libs/format';

/** The ledger's ceiling for a balance an admin may set (payments contract: 100,000,000 cents). */
const MAX_BALANCE_CENTS = 100_000_000;

export interface DetailsDraft {
  userId: string;
  balance: string;
  referralCode: string;
  /** The admin's own row: their balance is shown but never sent (the server refuses it too). */
  balanceLocked: boolean;
}

export type DetailsErrors = Partial<Record<'balance' | 'referralCode', string>>;

export const draftFor = (user: PublicUser, meId: string): DetailsDraft => ({
  userId: user._id,
  balance: centsToDollarInput(user.balance),
  referralCode: user.referralCode,
  balanceLocked: user._id === meId,
});

const checkBalance = (text: string): { cents: number } | { error: string } => {
  const cents = dollarInputToCents(text);
  if (text.trim() === '') return { error: 'Balance is required' };
  if (cents === null) return { error: 'Enter an amount like 50.00' };
  if (cents > MAX_BALANCE_CENTS) return { error: 'Balance must be at most $1,000,000.00' };
  return { cents };
};

/** The Save checks: a dollar amount with at most 2 decimals, and a referral code the server would accept. */
export const checkDraft = (user: PublicUser, draft: DetailsDraft): { body: UserDetailsBody } | { errors: DetailsErrors } => {
  const errors: DetailsErrors = {};
  const balance = draft.balanceLocked ? null : checkBalance(draft.balance);
  if (balance && 'error' in balance) errors.balance = balance.error;
  const code = referralCodeSchema.safeParse(draft.referralCode);
  if (!code.success) errors.referralCode = code.error.issues[0]?.message ?? 'Invalid referral code';
  if (Object.keys(errors).length > 0) return { errors };
  // A code is sent only when one was typed and it differs from the current one.
  const referralCode = code.success && code.data !== '' && code.data !== user.referralCode ? code.data : undefined;
  if (balance && 'cents' in balance) return { body: referralCode ? { balance: balance.cents, referralCode } : { balance: balance.cents } };
  if (!referralCode) return { errors: { referralCode: 'Enter a new referral code to save' } };
  return { body: { referralCode } };
};
