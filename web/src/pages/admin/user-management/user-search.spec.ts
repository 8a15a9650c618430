import type { PublicUser } from '@labeldesk/contracts';
import { matchesSearch, userTotals } from './user-search';

const user = (name: string, email: string, cents: { totalDeposit: number; totalSpent: number; balance: number }): PublicUser => ({
  _id: email,
  name,
  email,
  avatar: null,
  user_role: 'user',
  activation: 'allow',
  referralCode: 'CODE',
  referredBy: null,
  registeredDate: '2026-01-01T00:00:00.000Z',
  ...cents,
});

const casey = user('Casey Jones', 'casey@example.com', { totalDeposit: 10_000, totalSpent: 2_500, balance: 7_500 });
const robin = user('Robin', 'robin@shop.test', { totalDeposit: 5_000, totalSpent: 5_000, balance: 0 });

describe('the User Management search and totals', () => {
  it('finds a user by any part of the name or email, whatever the case and surrounding spaces', () => {
    expect(matchesSearch(casey, '  JONES ')).toBe(true);
    expect(matchesSearch(casey, 'example.COM')).toBe(true);
    expect(matchesSearch(robin, 'casey')).toBe(false);
  });

  it('lists everyone while the search is empty or blank', () => {
    expect(matchesSearch(robin, '')).toBe(true);
    expect(matchesSearch(robin, '   ')).toBe(true);
  });

  it('adds up what the listed users deposited, spent and hold', () => {
    expect(userTotals([casey, robin])).toEqual({ deposited: 15_000, spent: 7_500, balance: 7_500 });
    expect(userTotals([])).toEqual({ deposited: 0, spent: 0, balance: 0 });
  });
});
