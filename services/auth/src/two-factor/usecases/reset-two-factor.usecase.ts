import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthUser, type Caller } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { toAuthUser } from '../../users/user.mapper';
import { UserRepository } from '../../users/user.repository';
import { stateError } from '../two-factor-errors';
import { TwoFactorRepository } from '../two-factor.repository';
import { endAdminLoginAs } from './end-admin-login-as';

export const RESET_OWN_TWO_FACTOR = 'You cannot reset your own two-factor sign-in';

/**
 * An admin turns a user's two-factor sign-in off (a lost phone and lost recovery codes): the secret and the recovery
 * codes go, the user signs in with the password until they enrol again. The gateway logs who did it. An admin's own
 * is refused: a stolen admin session must not take the admin's second factor away (the Account page asks for the
 * password and a code instead). An admin's reset ends the "login as" sessions they opened behind the second factor.
 */
@Injectable()
export class ResetTwoFactorUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: TwoFactorRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, userId: string): Promise<AuthUser> {
    if (userId === caller.userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_OWN_TWO_FACTOR);
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (!user.twoFactorEnabled) throw stateError('Two-factor sign-in is not on for this user.');
    if (await this.repository.disable(user.id)) {
      await endAdminLoginAs(this.users, user);
      await this.events.changed(user.id);
    }
    const after = await this.users.findById(userId);
    if (!after) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    return toAuthUser(after);
  }
}
