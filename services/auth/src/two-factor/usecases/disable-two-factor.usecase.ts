import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { AuditRepository } from '../../audit/audit.repository';
import { PasswordHasher } from '../../sessions/password-hasher';
import { SignInThrottle } from '../../sessions/sign-in/sign-in-throttle';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { TwoFactorCodes } from '../two-factor-codes';
import { codeInvalid, stateError } from '../two-factor-errors';
import { TwoFactorRepository } from '../two-factor.repository';

export interface DisableRequest {
  code: string;
  password: string;
  clientAddress?: string | undefined;
}

const passwordIncorrect = () => new DomainError(ErrorCode.VALIDATION_FAILED, 'Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);

/** Both factors again (a stolen session alone must not turn it off), throttled like sign-in. */
@Injectable()
export class DisableTwoFactorUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: TwoFactorRepository,
    private readonly codes: TwoFactorCodes,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly audit: AuditRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, request: DisableRequest): Promise<{ ok: true }> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (!user.twoFactorEnabled) throw stateError('Two-factor authentication is not on.');
    const attempt = await this.throttle.admit(user.email, request.clientAddress);
    if (!(await this.hasher.verify(user.passwordHash, request.password))) throw passwordIncorrect();
    if (!(await this.codes.accept(user, request.code))) throw codeInvalid();
    await this.throttle.succeeded(attempt);
    if (await this.repository.disable(user.id)) {
      await this.audit.append({ actorId: user.id, action: 'user.2fa-disabled', targetType: 'user', targetId: user.id, before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } });
      await this.events.changed(user.id);
    }
    return { ok: true };
  }
}
