import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type Session } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';

@Injectable()
export class ApplyReferralUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionFactory,
  ) {}

  async execute(caller: Caller, referralCode: string): Promise<Session> {
    const referrer = await this.users.findByReferralCode(referralCode);
    if (!referrer) throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_UNKNOWN, 'Referral code not found');
    if (referrer.id === caller.userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot use your own referral code');
    const user = await this.users.update(caller.userId, (me) => {
      if (me.referredBy) {
        throw new DomainError(ErrorCode.AUTH_REFERRAL_ALREADY_SET, 'A referral code has already been applied to your account');
      }
      me.referredBy = referrer.id;
    });
    return this.sessions.create(user);
  }
}
