import { requireAdmin } from '@labeldesk/nest-transport';
import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type Session } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';

@Injectable()
export class LoginAsUserUseCase {
  private readonly logger = new Logger(LoginAsUserUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionFactory,
  ) {}

  async execute(caller: Caller, userId: string): Promise<Session> {
    requireAdmin(caller);
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (user.activation === 'block') throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'This user is blocked; allow access first');
    this.logger.log(`admin ${caller.userId} signed in as user ${user.id}`);
    return this.sessions.create(user, caller.userId);
  }
}
