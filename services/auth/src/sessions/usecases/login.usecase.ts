import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthRpc, type ParsedRequestOf, type Session } from '@labeldesk/contracts';
import { AUTH_ENV, type AuthEnv } from '../../config/env.schema';
import { UserRepository } from '../../users/user.repository';
import { PasswordHasher } from '../password-hasher';
import { SessionFactory } from '../session.factory';

const INVALID = 'Invalid email or password';

@Injectable()
export class LoginUseCase {
  private readonly logger = new Logger(LoginUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionFactory,
    @Inject(AUTH_ENV) private readonly env: AuthEnv,
  ) {}

  async execute(request: ParsedRequestOf<typeof AuthRpc.login>): Promise<Session> {
    const user = await this.users.findByEmail(request.email);
    const passwordOk = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user) throw new DomainError(ErrorCode.AUTH_INVALID_CREDENTIALS, INVALID);
    if (user.lockedUntil && user.lockedUntil > new Date()) {
      const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
      throw new DomainError(ErrorCode.RATE_LIMITED, `Too many failed sign-in attempts. Try again in ${minutes} minute(s).`);
    }
    if (!passwordOk) {
      const lockUntil = new Date(Date.now() + this.env.LOGIN_LOCK_MINUTES * 60_000);
      await this.users.recordFailedLogin(user.id, this.env.LOGIN_MAX_FAILURES, lockUntil);
      this.logger.warn(`failed sign-in for user ${user.id}`);
      throw new DomainError(ErrorCode.AUTH_INVALID_CREDENTIALS, INVALID);
    }
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    if (user.failedLogins > 0) await this.users.clearFailedLogins(user.id);
    return this.sessions.create(user);
  }
}
