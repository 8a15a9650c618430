import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DepositEntity } from '../deposits/deposit.entity';
import { ReferralBonusClaimRepository } from './referral-bonus-claim.repository';
import { ReferralBonusPayer } from './referral-bonus-payer';

/**
 * What crediting a deposit does for the referral bonus: inside the credit's transaction, a customer's first top-up is
 * recorded with the settings of the moment (so it commits with the credit, or not at all); after the commit, the payer
 * is nudged to pay a pending bonus at once rather than on its next tick.
 */
@Injectable()
export class FirstTopUpBonus {
  constructor(
    private readonly claims: ReferralBonusClaimRepository,
    private readonly payer: ReferralBonusPayer,
  ) {}

  /** Answers whether a bonus is now pending for the customer. */
  async recordIn(em: EntityManager, deposit: Pick<DepositEntity, 'id' | 'userId' | 'amountCents'>): Promise<boolean> {
    return (await this.claims.recordFirstTopUpIn(em, deposit)) === 'pending';
  }

  afterCommit(pending: boolean): void {
    if (pending) this.payer.nudge();
  }
}
