import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type Session } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';

/**
 * An admin opens a session as a customer. The session is bound to the admin as they are now (decision 037): it ends
 * when the admin's own sessions end or the admin signs out, and it is short.
 */
@Injectable()
export class LoginAsUserUseCase {
  private readonly logger = new Logger(LoginAsUserUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionFactory,
  ) {}

  async execute(caller: Caller, userId: string): Promise<Session> {
    const [admin, user] = await Promise.all([this.users.findById(caller.userId), this.users.findById(userId)]);
    // The caller was verified moments ago; an admin demoted, blocked or deleted since then opens nothing.
    if (!admin || admin.role !== 'admin' || admin.activation === 'block') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    // Acting as another admin would let one admin act with another's rights and name: the log would blame the wrong one.
    if (user.role === 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'You cannot log in as another admin');
    if (user.activation === 'block') throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'This user is blocked; allow access first');
    this.logger.log(`admin ${admin.id} signed in as user ${user.id}`);
    return this.sessions.create(user, { id: admin.id, sessionVersion: admin.sessionVersion, loginAsVersion: admin.loginAsVersion });
  }
}
