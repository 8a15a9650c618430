import type { ReferrerOf } from '@labeldesk/contracts';
import type { Posting } from '../ledger/ledger.repository';
import type { BonusClaim, ClaimState } from './referral-bonus-claim.repository';

/** What the customer reads in their history. */
export const REFERRED_REFERENCE = 'Referral bonus';
export const REFERRER_REFERENCE = 'Referral bonus: a friend you invited made their first top-up';

/** One key per customer and per side: whatever runs twice, each bonus is posted at most once. */
export const referredBonusKey = (userId: string): string => `referral-bonus:${userId}`;
export const referrerBonusKey = (referredUserId: string): string => `referral-bonus-referrer:${referredUserId}`;

export interface BonusPlan {
  postings: Posting[];
  state: Exclude<ClaimState, 'pending'>;
}

/** The credits a pending claim earns, given who referred the customer: nothing when nobody did. */
export const planBonus = (claim: BonusClaim, referral: ReferrerOf): BonusPlan => {
  if (!referral.referred) return { postings: [], state: 'not_referred' };
  const postings: Posting[] = [];
  if (claim.recipients !== 'referrer') {
    postings.push({ userId: claim.userId, kind: 'referral_bonus', amountCents: claim.amountCents, reference: REFERRED_REFERENCE, idempotencyKey: referredBonusKey(claim.userId) });
  }
  // A referrer deleted since has nobody to credit; the customer's own bonus does not depend on them.
  if (claim.recipients !== 'referred' && referral.referrerId !== null) {
    postings.push({ userId: referral.referrerId, kind: 'referral_bonus', amountCents: claim.amountCents, reference: REFERRER_REFERENCE, idempotencyKey: referrerBonusKey(claim.userId) });
  }
  return { postings, state: postings.length > 0 ? 'paid' : 'no_recipient' };
};
