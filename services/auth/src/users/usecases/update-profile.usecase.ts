import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthUser, type Caller } from '@labeldesk/contracts';
import { requireAccountHolder } from '@labeldesk/nest-transport';
import { ApiKeysUseCase } from '../../api-keys/api-keys.usecase';
import { PasswordHasher } from '../../sessions/password-hasher';
import { SignInThrottle } from '../../sessions/sign-in/sign-in-throttle';
import { TokenSigner } from '../../sessions/token-signer';
import { UserEventsPublisher } from '../user-events.publisher';
import { toAuthUser } from '../user.mapper';
import { UserRepository } from '../user.repository';

export interface ProfileChange {
  name: string;
  /** Empty or missing: keep the current password. */
  password?: string | undefined;
  currentPassword?: string | undefined;
  /** With a new password: revoke every API key too (decision 072). Missing means yes. */
  revokeApiKeys?: boolean | undefined;
  /** Where the request came from, for the guard against guessing the current password. */
  clientAddress?: string | undefined;
}

export interface ProfileUpdated {
  user: AuthUser;
  /** Only when the password changed: the caller's session goes on with this token; every other one has ended. */
  token?: string;
  /** Only when the password changed: how many API keys it revoked. */
  revokedApiKeys?: number;
}

const fieldError = (message: string) => new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'currentPassword', message }]);

@Injectable()
export class UpdateProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly signer: TokenSigner,
    private readonly events: UserEventsPublisher,
    private readonly apiKeys: ApiKeysUseCase,
  ) {}

  async execute(caller: Caller, change: ProfileChange): Promise<ProfileUpdated> {
    if (!change.password) {
      let renamed = false;
      const user = await this.users.update(caller.userId, (me) => {
        renamed = me.name !== change.name;
        me.name = change.name;
      });
      if (renamed) await this.events.changed(user.id);
      return { user: toAuthUser(user) };
    }
    // The password is the holder's: an admin signed in as the customer may rename them, never lock them out.
    requireAccountHolder(caller);
    if (!change.currentPassword) throw fieldError('Enter your current password to set a new one');
    const me = await this.users.findById(caller.userId);
    if (!me) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    // A stolen session must not become a way to guess the password: the same counters as sign-in.
    const attempt = await this.throttle.admit(me.email, change.clientAddress);
    if (!(await this.hasher.verify(me.passwordHash, change.currentPassword))) throw fieldError('Current password is incorrect');
    await this.throttle.succeeded(attempt);

    const passwordHash = await this.hasher.hash(change.password);
    const user = await this.users.update(caller.userId, (target) => {
      target.name = change.name;
      target.passwordHash = passwordHash;
      target.endSessions();
    });
    // Keys made with a stolen session must not outlive the change (decision 072): revoked unless the holder keeps them,
    // before the event below makes every gateway forget the user's callers, the keys' among them.
    const revokedApiKeys = change.revokeApiKeys === false ? 0 : await this.apiKeys.revokeAll(user.id);
    await this.events.sessionsEnded(user.id, 'password-changed');
    return { user: toAuthUser(user), token: this.signer.sign(user.id, user.sessionVersion), revokedApiKeys };
  }
}
