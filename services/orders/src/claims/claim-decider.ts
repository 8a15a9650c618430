import { Inject, Injectable } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { PeriodicTask } from '../common';
import { LabelVoidsRepository } from '../lifecycle';
import { ClaimInsurers } from './claim-insurers';
import { ClaimPayout } from './claim-payout';
import { ClaimsRepository, type StoredClaim } from './claims.repository';

/** Claims looked at per round. */
const ROUND = 50;

/**
 * Takes every claim to its end: a submitted claim is asked about at its insurer until approved or rejected; an approved
 * one is paid through the ledger and then marked paid. Each step moves only from the state it read, and the payout's
 * ledger key is the claim's, so a repeated round, a second replica or a restart between the credit and the mark
 * credits once. Replicas take claims with SKIP LOCKED.
 */
@Injectable()
export class ClaimDecider extends PeriodicTask<number> {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly voids: LabelVoidsRepository,
    private readonly insurers: ClaimInsurers,
    private readonly payout: ClaimPayout,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'CLAIMS_CHECK_SECONDS'>,
  ) {
    super();
  }

  protected get everyMs(): number {
    return this.env.CLAIMS_CHECK_SECONDS * 1000;
  }

  protected async round(): Promise<number> {
    let seen = 0;
    for (;;) {
      const due = await this.claims.claimDue(ROUND, this.env.CLAIMS_CHECK_SECONDS);
      seen += due.length;
      await Promise.all(due.map((claim) => this.check(claim).catch((error: unknown) => this.logger.warn(`claim ${claim.id}: ${error instanceof Error ? error.message : String(error)}`))));
      if (due.length < ROUND) return seen;
    }
  }

  /** One claim's next step; safe to run again on the same claim at any point. */
  async check(claim: StoredClaim): Promise<void> {
    if (claim.state === 'approved') return this.pay(claim);
    if (claim.state !== 'submitted') return;
    const insurer = this.insurers.of(claim.carrier);
    if (!insurer) return;
    const label = await this.voids.insurableLabel(claim.orderId);
    const decision = await insurer.decide({
      claimId: claim.id,
      trackingNumber: claim.trackingNumber,
      carrierRefs: label?.carrierRefs ?? {},
      type: claim.type,
      amountCents: claim.amountCents,
      insuredValueCents: claim.insuredValueCents,
      description: claim.description,
      carrierClaimId: claim.carrierClaimId,
      decideAfter: claim.decideAfter,
      trackingStatus: label?.trackingStatus ?? null,
    });
    if (decision.kind === 'rejected') {
      await this.claims.move(claim.id, 'submitted', 'rejected', { reason: decision.reason });
      return;
    }
    if (decision.kind !== 'approved') return;
    // Never more than claimed, whatever an insurer answers.
    const approvedCents = Math.min(decision.approvedCents, claim.amountCents);
    if (await this.claims.move(claim.id, 'submitted', 'approved', { reason: decision.note, approvedCents })) {
      await this.pay({ ...claim, state: 'approved', approvedCents });
    }
  }

  private async pay(claim: StoredClaim): Promise<void> {
    if (claim.approvedCents === null) return;
    await this.payout.pay({ ...claim, approvedCents: claim.approvedCents });
    await this.claims.move(claim.id, 'approved', 'paid');
  }

  /** Looks at every due claim now (tests, and an operator who will not wait for the timer); answers how many. */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }
}
