import type { ClaimDecision, ClaimFiling, ClaimInsurer, ClaimToDecide } from './claim-insurer';

/**
 * The sandbox's simulated insurer (decision 102), deterministic so tests can wait for its answer: it takes every claim
 * and decides it once `decideAfter` has passed (SANDBOX_CLAIM_DECIDE_SECONDS after filing): a parcel claimed lost that
 * its tracking shows delivered is rejected; every other claim is approved for the amount claimed (the claim was
 * already held to the insured value when it was filed).
 */
export class SandboxInsurer implements ClaimInsurer {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async file(): Promise<ClaimFiling> {
    return { kind: 'filed', carrierClaimId: null };
  }

  async decide(claim: ClaimToDecide): Promise<ClaimDecision> {
    if (this.now() < claim.decideAfter) return { kind: 'pending' };
    if (claim.type === 'lost' && claim.trackingStatus === 'delivered') {
      return { kind: 'rejected', reason: 'The tracking shows this parcel delivered, so it was not lost. A parcel that arrived broken can be claimed as damaged.' };
    }
    return { kind: 'approved', approvedCents: claim.amountCents, note: null };
  }
}
