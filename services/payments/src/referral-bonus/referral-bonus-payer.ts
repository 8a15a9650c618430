import { Inject, Injectable } from '@nestjs/common';
import { InviteRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { PAYMENTS_ENV, type PaymentsEnv } from '../config/env.schema';
import { LedgerRepository } from '../ledger/ledger.repository';
import { relayBackoffSeconds } from '../outbox/event-relay';
import { RetryRounds } from '../outbox/retry-rounds';
import { planBonus } from './bonus-postings';
import { ReferralBonusClaimRepository, type BonusClaim } from './referral-bonus-claim.repository';

const ROUND = 50;
/** A try's lease: longer than the call and the postings take, so no other replica pays the same claim meanwhile. */
const LEASE_SECONDS = 30;
const CALL_TIMEOUT_MS = 10_000;
/** From this many failed tries on, each failure is logged as an error for a person to look at (it is still retried). */
export const REPORT_AFTER_TRIES = 5;

/**
 * Pays the referral bonuses of first top-ups (decision 087). A claim is written with the deposit's credit, so none is
 * lost; this asks auth who referred the customer (no transaction is open across that call) and posts each bonus under
 * its own key, so a claim paid twice (a replica died before marking it, two rounds raced) is credited once. A failure
 * moves no money and leaves the claim pending, tried again with backoff on the timer (the event relay's interval).
 */
@Injectable()
export class ReferralBonusPayer extends RetryRounds {
  constructor(
    private readonly claims: ReferralBonusClaimRepository,
    private readonly ledger: LedgerRepository,
    private readonly rpc: RpcClient,
    @Inject(PAYMENTS_ENV) env: Pick<PaymentsEnv, 'EVENT_RELAY_SECONDS'>,
  ) {
    super(env.EVENT_RELAY_SECONDS);
  }

  /** One round; answers how many claims it settled (0 when a round was running here already). */
  payDue(): Promise<number> {
    return this.runRound();
  }

  protected async round(): Promise<number> {
    let settled = 0;
    for (;;) {
      const due = await this.claims.claimDue(ROUND, LEASE_SECONDS);
      if (due.length === 0) break;
      for (const claim of due) if (await this.pay(claim)) settled++;
      if (due.length < ROUND) break;
    }
    return settled;
  }

  private async pay(claim: BonusClaim): Promise<boolean> {
    try {
      const referral = await this.rpc.call(InviteRpc.referrerOf, { userId: claim.userId }, { asService: true, timeoutMs: CALL_TIMEOUT_MS });
      const plan = planBonus(claim, referral);
      for (const posting of plan.postings) await this.ledger.post(posting);
      await this.claims.settle(claim.userId, plan.state, referral.referrerId);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const line = `referral bonus for ${claim.userId} (deposit ${claim.depositId}) not paid, try ${claim.tries}: ${message}`;
      if (claim.tries >= REPORT_AFTER_TRIES) this.logger.error(line);
      else this.logger.warn(line);
      await this.claims.retryAfter(claim.userId, relayBackoffSeconds(claim.tries), message);
      return false;
    }
  }
}
