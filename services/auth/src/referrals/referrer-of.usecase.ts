import { Injectable } from '@nestjs/common';
import type { ReferrerOf } from '@labeldesk/contracts';
import { UserRepository } from '../users/user.repository';

/**
 * Who referred a customer, for payments' referral bonus (decision 087). A deleted customer is referred by nobody (no
 * bonus for an account that is gone); a deleted referrer leaves the customer referred, with nobody else to credit.
 */
@Injectable()
export class ReferrerOfUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: string): Promise<ReferrerOf> {
    const user = await this.users.findById(userId);
    if (!user?.referredBy) return { referred: false, referrerId: null };
    const referrer = await this.users.findById(user.referredBy);
    return { referred: true, referrerId: referrer?.id ?? null };
  }
}
