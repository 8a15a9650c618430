import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Activation, type AuthUser, type Caller } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../user-events.publisher';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

@Injectable()
export class SetActivationUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, userId: string, activation: Activation): Promise<AuthUser> {
    if (userId === caller.userId && activation === 'block') {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot block your own account');
    }
    let ended = false;
    let changed = false;
    const user = await this.users.update(userId, (target) => {
      // Blocking ends every session now, not when the tokens expire; allowing again revives none of them.
      if (activation === 'block' && target.activation !== 'block') {
        target.endSessions();
        ended = true;
      }
      changed = target.activation !== activation;
      target.activation = activation;
    });
    if (ended) await this.events.sessionsEnded(user.id, 'blocked');
    else if (changed) await this.events.changed(user.id);
    return toAuthUser(user);
  }
}
