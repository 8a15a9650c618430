import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ParsedRequestOf, type AuthRpc, type Session } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { User } from '../../users/user.entity';
import { UserRepository } from '../../users/user.repository';
import { newReferralCode } from '../../users/referral-code';
import { PasswordHasher } from '../password-hasher';
import { SessionFactory } from '../session.factory';

@Injectable()
export class RegisterUserUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionFactory,
  ) {}

  async execute(request: ParsedRequestOf<typeof AuthRpc.register>): Promise<Session> {
    const referrer = request.referralCode ? await this.users.findByReferralCode(request.referralCode) : null;
    if (request.referralCode && !referrer) {
      throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_UNKNOWN, 'Referral code not found. Check it, or leave it empty.');
    }
    const passwordHash = await this.hasher.hash(request.password);
    // A generated referral code can collide; a fresh one on the next try is enough.
    for (let attempt = 1; ; attempt++) {
      const user = Object.assign(new User(), {
        id: randomUUID(),
        name: request.name,
        email: request.email,
        passwordHash,
        referralCode: newReferralCode(),
        referredBy: referrer?.id ?? null,
      });
      try {
        return this.sessions.create(await this.users.insert(user));
      } catch (error) {
        const collided = error instanceof DomainError && error.code === ErrorCode.AUTH_REFERRAL_CODE_TAKEN;
        if (!collided || attempt >= 5) throw error;
      }
    }
  }
}
