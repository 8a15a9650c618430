import type { AccountSummary } from '@labeldesk/contracts';
import { AccountSummaryCache } from './account-summary.cache';

const summary = (userId: string, balanceCents: number): AccountSummary => ({ userId, balanceCents, heldCents: 0, totalDepositCents: balanceCents, totalSpentCents: 0 });

describe('AccountSummaryCache', () => {
  let now = 1_000;
  const cache = (options: { ttlMs?: number; maxEntries?: number } = {}) => new AccountSummaryCache({ ttlMs: options.ttlMs ?? 10_000, ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}), now: () => now });

  beforeEach(() => {
    now = 1_000;
  });

  it('answers a kept summary until its time is up, then asks again', () => {
    const accounts = cache();
    accounts.keep('u-1', summary('u-1', 500), accounts.ticket());
    expect(accounts.get('u-1')).toEqual(summary('u-1', 500));
    now += 10_000;
    expect(accounts.get('u-1')).toBeNull();
  });

  it('forgets a user at once when their account changed, and only that user', () => {
    const accounts = cache();
    accounts.keep('u-1', summary('u-1', 500), accounts.ticket());
    accounts.keep('u-2', summary('u-2', 700), accounts.ticket());
    accounts.forget('u-1');
    expect(accounts.get('u-1')).toBeNull();
    expect(accounts.get('u-2')).toEqual(summary('u-2', 700));
  });

  it('does not keep a read that was under way when its user’s account changed: it may hold the old balance', () => {
    const accounts = cache();
    const ticket = accounts.ticket();
    accounts.forget('u-1'); // a debit commits while payments' answer is on its way
    accounts.keep('u-1', summary('u-1', 500), ticket);
    expect(accounts.get('u-1')).toBeNull();
    // Another user's read begun at the same moment is kept.
    accounts.keep('u-2', summary('u-2', 700), ticket);
    expect(accounts.get('u-2')).toEqual(summary('u-2', 700));
  });

  it('keeps nothing with a time of 0', () => {
    const accounts = cache({ ttlMs: 0 });
    accounts.keep('u-1', summary('u-1', 500), accounts.ticket());
    expect(accounts.get('u-1')).toBeNull();
  });

  it('drops the least recently read user when full', () => {
    const accounts = cache({ maxEntries: 2 });
    accounts.keep('u-1', summary('u-1', 1), accounts.ticket());
    accounts.keep('u-2', summary('u-2', 2), accounts.ticket());
    accounts.get('u-1');
    accounts.keep('u-3', summary('u-3', 3), accounts.ticket());
    expect([accounts.get('u-1'), accounts.get('u-2'), accounts.get('u-3')].map((s) => s?.balanceCents ?? null)).toEqual([1, null, 3]);
  });

  it('hands out frozen summaries, so no request can change what the next one reads', () => {
    const accounts = cache();
    accounts.keep('u-1', summary('u-1', 500), accounts.ticket());
    expect(Object.isFrozen(accounts.get('u-1'))).toBe(true);
  });
});
