import type { AccountSummary, AuthUser, PublicUser } from '@labeldesk/contracts';

/** The spec's user: identity from auth, money from the payments ledger. */
export const toPublicUser = (user: AuthUser, account: AccountSummary): PublicUser => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  avatar: user.avatar,
  balance: account.balanceCents,
  user_role: user.role,
  activation: user.activation,
  referralCode: user.referralCode,
  referredBy: user.referredBy,
  totalDeposit: account.totalDepositCents,
  totalSpent: account.totalSpentCents,
  registeredDate: user.registeredAt,
  twoFactorEnabled: user.twoFactorEnabled ?? false,
});
