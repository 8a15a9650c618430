import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type Session } from '@labeldesk/contracts';
import { SessionFactory } from '../../sessions/session.factory';
import { SignInThrottle } from '../../sessions/sign-in/sign-in-throttle';
import { UserRepository } from '../../users/user.repository';
import { TwoFactorChallenges } from '../two-factor-challenges';
import { TwoFactorCodes } from '../two-factor-codes';
import { challengeInvalid, codeInvalid } from '../two-factor-errors';

export interface VerifyRequest {
  challenge: string;
  code: string;
  clientAddress?: string | undefined;
}

/**
 * The sign-in's second step. Every attempt is counted by the same counters as the password (the password's own
 * success did not clear them, decision 050), so guessing codes is refused and slowed like guessing passwords from an
 * address; and the code itself goes through TwoFactorCodes.accept, whose count is per account whatever the address
 * (5 wrong codes in 15 minutes, then 429 AUTH_TWO_FACTOR_LOCKED: decision 071).
 */
@Injectable()
export class VerifyTwoFactorUseCase {
  private readonly logger = new Logger(VerifyTwoFactorUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly challenges: TwoFactorChallenges,
    private readonly codes: TwoFactorCodes,
    private readonly throttle: SignInThrottle,
    private readonly sessions: SessionFactory,
  ) {}

  async execute(request: VerifyRequest): Promise<Session> {
    const challenge = await this.challenges.find(request.challenge);
    if (!challenge) throw challengeInvalid();
    const user = await this.users.findById(challenge.userId);
    if (!user || user.sessionVersion !== challenge.sessionVersion || !user.twoFactorEnabled) throw challengeInvalid();
    const attempt = await this.throttle.admit(user.email, request.clientAddress);
    const accepted = await this.codes.accept(user, request.code);
    if (!accepted) {
      this.logger.warn(`failed two-factor code for user ${user.id}`);
      throw codeInvalid();
    }
    if (!(await this.challenges.use(request.challenge))) throw challengeInvalid();
    await this.throttle.secondFactorSucceeded(attempt);
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    if (accepted === 'recovery') this.logger.log(`user ${user.id} signed in with a recovery code`);
    return this.sessions.create(user);
  }
}
