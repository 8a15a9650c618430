import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DepositEntity } from '../deposits/deposit.entity';
import { ReferralBonusClaimRepository } from './referral-bonus-claim.repository';
import { ReferralBonusPayer } from './referral-bonus-payer';

/**
 * What crediting a deposit does for the referral bonus: inside the credit's transaction, a customer's first top-up is
 * recorded with the settings of the moment (so it commits with the credit, or not at all); after the commit, a pending
 * bonus is paid before the notification is answered, so the customer's refreshed balance already holds it. Should that
 * fail, the claim stays pending and the payer's timer tries again: the notification is answered as credited either way.
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

  async afterCommit(pending: boolean): Promise<void> {
    if (!pending) return;
    // A failure is the payer's to retry (it logs it); the deposit's credit is committed and must be answered so.
    await this.payer.payDue().catch(() => this.payer.nudge());
  }
}
