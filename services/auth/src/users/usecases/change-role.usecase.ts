import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthUser, type Caller, type UserRole } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../user-events.publisher';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

@Injectable()
export class ChangeRoleUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  /** A new role ends the user's sessions: they sign in again under it (the role is read per request anyway). */
  async execute(caller: Caller, userId: string, role: UserRole): Promise<AuthUser> {
    // Checked before the last-admin rule: even with other admins left, demoting yourself by a slip of the
    // select would lock you out of the admin area, and only another admin could undo it.
    if (userId === caller.userId && role !== 'admin') {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot remove your own admin role');
    }
    const target = await this.users.findById(userId);
    if (!target) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (target.role === 'admin' && role !== 'admin' && (await this.users.countAdmins()) <= 1) {
      throw new DomainError(ErrorCode.AUTH_LAST_ADMIN, 'The last admin cannot lose the admin role');
    }
    let ended = false;
    const user = await this.users.update(userId, (me) => {
      if (me.role === role) return;
      me.role = role;
      me.endSessions();
      ended = true;
    });
    if (ended) await this.events.sessionsEnded(user.id, 'role-changed');
    return toAuthUser(user);
  }
}
