import { planBonus } from './bonus-postings';
import type { BonusClaim } from './referral-bonus-claim.repository';

const claim = (recipients: BonusClaim['recipients']): BonusClaim => ({ userId: 'ann', depositId: 'd1', amountCents: 500, recipients, tries: 1 });
const referred = { referred: true, referrerId: 'friend' };

describe('planBonus', () => {
  it('credits the referred customer under referral-bonus:<userId>, read as "Referral bonus"', () => {
    expect(planBonus(claim('referred'), referred)).toEqual({
      state: 'paid',
      postings: [{ userId: 'ann', kind: 'referral_bonus', amountCents: 500, reference: 'Referral bonus', idempotencyKey: 'referral-bonus:ann' }],
    });
  });

  it('credits the referrer under referral-bonus-referrer:<referredUserId>, and both when both get it', () => {
    expect(planBonus(claim('referrer'), referred).postings).toEqual([
      { userId: 'friend', kind: 'referral_bonus', amountCents: 500, reference: 'Referral bonus: a friend you invited made their first top-up', idempotencyKey: 'referral-bonus-referrer:ann' },
    ]);
    expect(planBonus(claim('both'), referred).postings.map((p) => [p.userId, p.idempotencyKey])).toEqual([
      ['ann', 'referral-bonus:ann'],
      ['friend', 'referral-bonus-referrer:ann'],
    ]);
  });

  it('credits nobody for a customer nobody referred', () => {
    expect(planBonus(claim('both'), { referred: false, referrerId: null })).toEqual({ postings: [], state: 'not_referred' });
  });

  it('still credits the customer whose referrer was deleted, and nobody when only the referrer was to get it', () => {
    const gone = { referred: true, referrerId: null };
    expect(planBonus(claim('both'), gone).postings.map((p) => p.userId)).toEqual(['ann']);
    expect(planBonus(claim('referrer'), gone)).toEqual({ postings: [], state: 'no_recipient' });
  });
});
