import type { InvitedUser } from '@labeldesk/contracts';

/** Spec section 2, Referral management: the Invited Users table sorts by these columns. */
export type InvitedSortKey = 'name' | 'registeredDate' | 'totalDeposit';
export type SortDirection = 'ascending' | 'descending';

export interface InvitedSort {
  key: InvitedSortKey;
  direction: SortDirection;
}

/** The server's order: newest first. */
export const DEFAULT_INVITED_SORT: InvitedSort = { key: 'registeredDate', direction: 'descending' };

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const compare = (key: InvitedSortKey, a: InvitedUser, b: InvitedUser): number => {
  if (key === 'name') return byName.compare(a.name, b.name);
  if (key === 'registeredDate') return Date.parse(a.registeredDate) - Date.parse(b.registeredDate);
  return a.totalDeposit - b.totalDeposit;
};

/** A sorted copy; equal rows keep the server's order, whichever way the column runs. */
export const sortInvitedUsers = (users: readonly InvitedUser[], sort: InvitedSort): InvitedUser[] => {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return users
    .map((user, index) => ({ user, index }))
    .sort((a, b) => sign * compare(sort.key, a.user, b.user) || a.index - b.index)
    .map(({ user }) => user);
};

/** A click on the sorted column turns it around; another column starts in its natural direction: names A to Z, dates and money largest first. */
export const nextSort = (current: InvitedSort, key: InvitedSortKey): InvitedSort => {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'name' ? 'ascending' : 'descending' };
};
