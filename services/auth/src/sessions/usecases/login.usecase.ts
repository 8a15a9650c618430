import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthRpc, type ParsedRequestOf, type Session, type TwoFactorChallenge } from '@labeldesk/contracts';
import { TwoFactorChallenges } from '../../two-factor/two-factor-challenges';
import { UserRepository } from '../../users/user.repository';
import { PasswordHasher } from '../password-hasher';
import { SessionFactory } from '../session.factory';
import { SignInThrottle } from '../sign-in/sign-in-throttle';

const INVALID = 'Invalid email or password';

@Injectable()
export class LoginUseCase {
  private readonly logger = new Logger(LoginUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionFactory,
    private readonly throttle: SignInThrottle,
    private readonly challenges: TwoFactorChallenges,
  ) {}

  /**
   * Throttling comes first and knows only the e-mail as typed and the address, so a refused attempt answers the
   * same, as fast, for an unknown e-mail as for a real account. After it an unknown e-mail costs the same argon2
   * verification as a wrong password and gets the same answer.
   * With two-factor sign-in on, the right password answers a challenge and leaves the attempt counted: only the code
   * clears the counters, so signing in again and again cannot reset the count of guessed codes (decision 050).
   */
  async execute(request: ParsedRequestOf<typeof AuthRpc.login>): Promise<Session | TwoFactorChallenge> {
    const attempt = await this.throttle.admit(request.email, request.clientAddress);
    const user = await this.users.findByEmail(request.email);
    const passwordOk = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user || !passwordOk) {
      if (user) this.logger.warn(`failed sign-in for user ${user.id}`);
      throw new DomainError(ErrorCode.AUTH_INVALID_CREDENTIALS, INVALID);
    }
    if (!user.twoFactorEnabled) await this.throttle.succeeded(attempt);
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    return user.twoFactorEnabled ? this.challenges.issue(user) : this.sessions.create(user);
  }
}
