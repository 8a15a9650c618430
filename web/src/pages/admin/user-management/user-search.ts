import type { PublicUser } from '@labeldesk/contracts';

/** A user matches when the search is empty or is part of their name or email, in any case. */
export const matchesSearch = (user: PublicUser, query: string): boolean => {
  const needle = query.trim().toLowerCase();
  return needle === '' || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

export interface UserTotals {
  deposited: number;
  spent: number;
  balance: number;
}

const sum = (users: readonly PublicUser[], pick: (user: PublicUser) => number): number => users.reduce((total, user) => total + pick(user), 0);

/** The table's totals row: what the listed users deposited, spent and hold, in cents. */
export const userTotals = (users: readonly PublicUser[]): UserTotals => ({
  deposited: sum(users, (user) => user.totalDeposit),
  spent: sum(users, (user) => user.totalSpent),
  balance: sum(users, (user) => user.balance),
});
