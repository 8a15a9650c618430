import { requireAdmin } from '@labeldesk/nest-transport';
import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthUser, type Caller } from '@labeldesk/contracts';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

/** An admin gives a user a chosen referral code; codes are unique and compared in upper case. */
@Injectable()
export class SetReferralCodeUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(caller: Caller, userId: string, code: string): Promise<AuthUser> {
    requireAdmin(caller);
    const wanted = code.toUpperCase();
    const holder = await this.users.findByReferralCode(wanted);
    if (holder && holder.id !== userId) throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_TAKEN, 'This referral code is already in use');
    return toAuthUser(await this.users.updateChecked(userId, (user) => void (user.referralCode = wanted)));
  }
}
