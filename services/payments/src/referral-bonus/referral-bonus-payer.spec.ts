import { DomainError, ErrorCode, type ReferrerOf } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { LedgerRepository, Posting } from '../ledger/ledger.repository';
import { ReferralBonusPayer } from './referral-bonus-payer';
import type { BonusClaim, ClaimState, ReferralBonusClaimRepository } from './referral-bonus-claim.repository';

interface StoredClaim extends BonusClaim {
  state: ClaimState;
  due: boolean;
  lastError: string | null;
}

/** Claims and the ledger in memory, as the repositories behave: a claim is leased when taken, a key posted once. */
const setup = (answers: Array<ReferrerOf | Error>) => {
  const stored = new Map<string, StoredClaim>();
  const claims = {
    claimDue: jest.fn(async () => {
      const due = [...stored.values()].filter((c) => c.state === 'pending' && c.due);
      for (const c of due) Object.assign(c, { due: false, tries: c.tries + 1 });
      return due.map((c) => ({ userId: c.userId, depositId: c.depositId, amountCents: c.amountCents, recipients: c.recipients, tries: c.tries }));
    }),
    settle: jest.fn(async (userId: string, state: ClaimState) => {
      const c = stored.get(userId);
      if (c?.state === 'pending') c.state = state;
    }),
    retryAfter: jest.fn(async (userId: string, _seconds: number, error: string) => {
      const c = stored.get(userId);
      if (c) Object.assign(c, { lastError: error });
    }),
  };
  const posted = new Map<string, Posting>();
  const ledger = { post: jest.fn(async (posting: Posting) => ({ replayed: posted.has(posting.idempotencyKey) || !posted.set(posting.idempotencyKey, posting) })) };
  const rpc = {
    call: jest.fn(async () => {
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    }),
  };
  const payer = new ReferralBonusPayer(claims as unknown as ReferralBonusClaimRepository, ledger as unknown as LedgerRepository, rpc as unknown as RpcClient, { EVENT_RELAY_SECONDS: 2 });
  const add = (userId: string, recipients: BonusClaim['recipients'] = 'both') =>
    stored.set(userId, { userId, depositId: `deposit-of-${userId}`, amountCents: 500, recipients, tries: 0, state: 'pending', due: true, lastError: null });
  const makeDue = () => stored.forEach((c) => (c.due = true));
  return { payer, stored, posted, rpc, add, makeDue };
};

describe('ReferralBonusPayer', () => {
  it('credits the referred customer and their referrer once each, and settles the claim as paid', async () => {
    const { payer, stored, posted, add, makeDue } = setup([{ referred: true, referrerId: 'friend' }]);
    add('ann');
    await expect(payer.payDue()).resolves.toBe(1);
    expect([...posted.values()].map((p) => [p.userId, p.amountCents, p.idempotencyKey])).toEqual([
      ['ann', 500, 'referral-bonus:ann'],
      ['friend', 500, 'referral-bonus-referrer:ann'],
    ]);
    expect(stored.get('ann')?.state).toBe('paid');
    // Settled: a later round has nothing to pay.
    makeDue();
    await expect(payer.payDue()).resolves.toBe(0);
    expect(posted.size).toBe(2);
  });

  it('moves no money when auth cannot answer, keeps the claim pending with the error, and pays it on a later try', async () => {
    const { payer, stored, posted, add, makeDue } = setup([new DomainError(ErrorCode.INTERNAL, 'no responders'), { referred: true, referrerId: 'friend' }]);
    add('ann', 'referred');
    await expect(payer.payDue()).resolves.toBe(0);
    expect([posted.size, stored.get('ann')?.state, stored.get('ann')?.lastError]).toEqual([0, 'pending', 'no responders']);
    makeDue();
    await expect(payer.payDue()).resolves.toBe(1);
    expect([[...posted.keys()], stored.get('ann')?.state]).toEqual([['referral-bonus:ann'], 'paid']);
  });

  it('settles a customer nobody referred with nothing credited', async () => {
    const { payer, stored, posted, add } = setup([{ referred: false, referrerId: null }]);
    add('solo');
    await payer.payDue();
    expect([posted.size, stored.get('solo')?.state]).toEqual([0, 'not_referred']);
  });

  it('runs one round at a time: a nudge during a round pays nothing twice', async () => {
    const { payer, posted, add } = setup([{ referred: true, referrerId: 'friend' }]);
    add('ann', 'referred');
    const [first, second] = await Promise.all([payer.payDue(), payer.payDue()]);
    expect([first, second, posted.size]).toEqual([1, 0, 1]);
  });
});
