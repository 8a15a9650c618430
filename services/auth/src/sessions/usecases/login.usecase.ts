import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthRpc, type ParsedRequestOf, type Session } from '@labeldesk/contracts';
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
  ) {}

  /**
   * Throttling comes first and knows only the e-mail as typed and the address, so a refused attempt answers the
   * same, as fast, for an unknown e-mail as for a real account. After it an unknown e-mail costs the same argon2
   * verification as a wrong password and gets the same answer.
   */
  async execute(request: ParsedRequestOf<typeof AuthRpc.login>): Promise<Session> {
    const attempt = await this.throttle.admit(request.email, request.clientAddress);
    const user = await this.users.findByEmail(request.email);
    const passwordOk = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user || !passwordOk) {
      if (user) this.logger.warn(`failed sign-in for user ${user.id}`);
      throw new DomainError(ErrorCode.AUTH_INVALID_CREDENTIALS, INVALID);
    }
    await this.throttle.succeeded(attempt);
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    return this.sessions.create(user);
  }
}
