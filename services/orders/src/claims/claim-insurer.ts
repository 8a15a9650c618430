import type { ClaimType } from '@labeldesk/contracts';
import type { CarrierRefs, TrackingStatus } from '../carriers';

/** What an insurer is told of a claim when it is filed. */
export interface ClaimToFile {
  claimId: string;
  trackingNumber: string;
  carrierRefs: CarrierRefs;
  type: ClaimType;
  amountCents: number;
  insuredValueCents: number;
  description: string;
}

/** What an insurer knows when it decides: the claim, and the parcel's last tracking status (null: never tracked). */
export interface ClaimToDecide extends ClaimToFile {
  carrierClaimId: string | null;
  decideAfter: Date;
  trackingStatus: TrackingStatus | null;
}

/**
 * An insurer's answer to a filing: `filed` (with its own claim id when it keeps one) or `refused` with its words, in
 * which case no claim is kept. `unknown`: no answer; nothing is kept and the seller may try again.
 */
export type ClaimFiling = { kind: 'filed'; carrierClaimId: string | null } | { kind: 'refused'; message: string } | { kind: 'unknown'; message: string };

/** Where a claim stands at its insurer: still deciding (or no answer now), approved for an amount, or rejected. */
export type ClaimDecision = { kind: 'pending' } | { kind: 'approved'; approvedCents: number; note: string | null } | { kind: 'rejected'; reason: string };

/** The carrier that sold a label's insurance, as claims see it: it takes claims and decides them. */
export interface ClaimInsurer {
  file(claim: ClaimToFile): Promise<ClaimFiling>;
  decide(claim: ClaimToDecide): Promise<ClaimDecision>;
}
