import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type TwoFactorEnableResponse } from '@labeldesk/contracts';
import { AuditRepository } from '../../audit/audit.repository';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { BothFactors, passwordIncorrect, type PasswordRequest } from '../both-factors';
import { hashRecoveryCode, newRecoveryCodes } from '../recovery-codes';
import { SecretBox } from '../secret-box';
import { matchTotpStep } from '../totp';
import { codeInvalid, stateError } from '../two-factor-errors';
import { TwoFactorRepository } from '../two-factor.repository';

/**
 * The password (counted like sign-in's, as turning it off asks) and a code from the pending secret, which proves the
 * app has it: two-factor sign-in is on, the code's step counts as used, and the ten recovery codes are answered this
 * once (only their hashes are kept). Without the password a stolen session could enrol its own second factor, and then
 * make API keys with its codes and keep the owner out (decision 071).
 */
@Injectable()
export class EnableTwoFactorUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: TwoFactorRepository,
    private readonly box: SecretBox,
    private readonly audit: AuditRepository,
    private readonly events: UserEventsPublisher,
    private readonly factors: BothFactors,
  ) {}

  async execute(caller: Caller, request: PasswordRequest & { code: string }): Promise<TwoFactorEnableResponse> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (user.twoFactorEnabled) throw stateError('Two-factor authentication is already on.');
    if (!user.totpPendingSecret) throw stateError('Set up two-factor authentication first.');
    const pending = user.totpPendingSecret;
    const step = await this.factors.passwordThen(user, request, passwordIncorrect, async () => {
      const matched = await matchTotpStep(this.box.open(pending), request.code.replace(/\s/g, ''), Date.now());
      if (matched === null) throw codeInvalid();
      return matched;
    });
    const recoveryCodes = newRecoveryCodes();
    if (!(await this.repository.enable(user.id, pending, step, recoveryCodes.map(hashRecoveryCode)))) {
      throw stateError('Two-factor authentication was set up again meanwhile. Scan the new code and try again.');
    }
    await this.audit.append({ actorId: user.id, action: 'user.2fa-enabled', targetType: 'user', targetId: user.id, before: { twoFactorEnabled: false }, after: { twoFactorEnabled: true } });
    await this.events.changed(user.id);
    return { recoveryCodes };
  }
}
