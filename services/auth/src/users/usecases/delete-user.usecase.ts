import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type DeleteUserResponse } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../user-events.publisher';
import { UserRepository } from '../user.repository';

/**
 * An admin deletes a user: every session ends and open sockets close at once, the user cannot sign in and is in no
 * list. The row is kept, marked deleted: their orders, files and ledger entries name it and stay for the record.
 */
@Injectable()
export class DeleteUserUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, userId: string): Promise<DeleteUserResponse> {
    if (userId === caller.userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot delete your own account');
    await this.users.update(userId, (target) => {
      target.endSessions();
      target.deletedAt = new Date();
    });
    await this.events.sessionsEnded(userId, 'deleted');
    return { success: true, userId, message: 'User deleted successfully' };
  }
}
