import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthUser } from '@labeldesk/contracts';
import { normalizeReferralCode } from '../referral-code';
import { UserEventsPublisher } from '../user-events.publisher';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

const TAKEN = 'This referral code is already in use';

/**
 * An admin gives a user a chosen referral code. Codes are unique whatever their case, so the code is stored in its
 * normal form; the check below gives the clear message, the unique constraint settles a race (and keeps a deleted
 * user's code from being handed out again: their links resolve to nobody, and must not start resolving to someone else).
 */
@Injectable()
export class SetReferralCodeUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(userId: string, code: string): Promise<AuthUser> {
    const wanted = normalizeReferralCode(code);
    const holder = await this.users.findByReferralCode(wanted);
    if (holder && holder.id !== userId) throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_TAKEN, TAKEN);
    const user = await this.users.updateChecked(userId, (target) => void (target.referralCode = wanted));
    await this.events.changed(user.id);
    return toAuthUser(user);
  }
}
