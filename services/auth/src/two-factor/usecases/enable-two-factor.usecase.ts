import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type TwoFactorEnableResponse } from '@labeldesk/contracts';
import { AuditRepository } from '../../audit/audit.repository';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { hashRecoveryCode, newRecoveryCodes } from '../recovery-codes';
import { SecretBox } from '../secret-box';
import { matchTotpStep } from '../totp';
import { codeInvalid, stateError } from '../two-factor-errors';
import { TwoFactorRepository } from '../two-factor.repository';

/**
 * A code from the pending secret proves the app has it: two-factor sign-in is on, the code's step counts as used, and
 * the ten recovery codes are answered this once (only their hashes are kept).
 */
@Injectable()
export class EnableTwoFactorUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: TwoFactorRepository,
    private readonly box: SecretBox,
    private readonly audit: AuditRepository,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, code: string): Promise<TwoFactorEnableResponse> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (user.twoFactorEnabled) throw stateError('Two-factor authentication is already on.');
    if (!user.totpPendingSecret) throw stateError('Set up two-factor authentication first.');
    const step = await matchTotpStep(this.box.open(user.totpPendingSecret), code.replace(/\s/g, ''), Date.now());
    if (step === null) throw codeInvalid();
    const recoveryCodes = newRecoveryCodes();
    if (!(await this.repository.enable(user.id, user.totpPendingSecret, step, recoveryCodes.map(hashRecoveryCode)))) {
      throw stateError('Two-factor authentication was set up again meanwhile. Scan the new code and try again.');
    }
    await this.audit.append({ actorId: user.id, action: 'user.2fa-enabled', targetType: 'user', targetId: user.id, before: { twoFactorEnabled: false }, after: { twoFactorEnabled: true } });
    await this.events.changed(user.id);
    return { recoveryCodes };
  }
}
