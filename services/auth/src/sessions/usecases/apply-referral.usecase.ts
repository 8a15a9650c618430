import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type Session } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';

/** Onboarding: a user who registered without a code names who referred them, once. */
@Injectable()
export class ApplyReferralUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionFactory,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, referralCode: string): Promise<Session> {
    // Lookups skip deleted users: a deleted user's code refers nobody.
    const referrer = await this.users.findByReferralCode(referralCode);
    if (!referrer) throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_UNKNOWN, 'Referral code not found');
    if (referrer.id === caller.userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot use your own referral code');
    // Two people naming each other would each appear as the other's invitee.
    if (referrer.referredBy === caller.userId) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot use the referral code of someone you invited');
    }
    const user = await this.users.setReferrerOnce(caller.userId, referrer.id);
    if (user) {
      await this.events.changed(user.id);
      return this.sessions.create(user);
    }
    if (!(await this.users.findById(caller.userId))) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    throw new DomainError(ErrorCode.AUTH_REFERRAL_ALREADY_SET, 'A referral code has already been applied to your account');
  }
}
