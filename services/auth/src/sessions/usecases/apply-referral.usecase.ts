import { Injectable } from '@nestjs/common';
import { authMethodOf, DomainError, ErrorCode, type Caller, type Session } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';
import type { Impersonator } from '../token-signer';

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
    const impersonator = await this.impersonatorOf(caller);
    const user = await this.users.setReferrerOnce(caller.userId, referrer.id);
    if (user) {
      await this.events.changed(user.id);
      return this.sessions.create(user, impersonator);
    }
    if (!(await this.users.findById(caller.userId))) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    throw new DomainError(ErrorCode.AUTH_REFERRAL_ALREADY_SET, 'A referral code has already been applied to your account');
  }

  /**
   * Under login-as the answer is a session bound to the admin, as the one the caller holds (decision 037), never an
   * ordinary twelve-hour one: the gateway keeps the caller's own token, and no token made here may outlive the
   * admin's powers. An admin demoted or gone since the caller was verified changes nothing.
   */
  private async impersonatorOf(caller: Caller): Promise<Impersonator | undefined> {
    if (authMethodOf(caller) !== 'login_as') return undefined;
    const admin = caller.impersonatorId ? await this.users.findById(caller.impersonatorId) : null;
    if (!admin || admin.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
    return { id: admin.id, sessionVersion: admin.sessionVersion, loginAsVersion: admin.loginAsVersion };
  }
}
