import { requireAdmin } from '@labeldesk/nest-transport';
import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Activation, type AuthUser, type Caller } from '@labeldesk/contracts';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

@Injectable()
export class SetActivationUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(caller: Caller, userId: string, activation: Activation): Promise<AuthUser> {
    requireAdmin(caller);
    if (userId === caller.userId && activation === 'block') {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot block your own account');
    }
    const user = await this.users.update(userId, (target) => {
      target.activation = activation;
      // Blocking ends every session now, not when the tokens expire.
      if (activation === 'block') target.tokensValidAfter = new Date();
    });
    return toAuthUser(user);
  }
}
