import { Injectable } from '@nestjs/common';
import type { Caller, TwoFactorEnableResponse } from '@labeldesk/contracts';
import { AuditRepository } from '../../audit/audit.repository';
import { BothFactors, type BothFactorsRequest } from '../both-factors';
import { hashRecoveryCode, newRecoveryCodes } from '../recovery-codes';
import { stateError } from '../two-factor-errors';
import { TwoFactorRepository } from '../two-factor.repository';

/**
 * Ten new recovery codes in place of every earlier one (some used up, or the paper lost), for both factors again, as
 * turning it off asks: a stolen session alone must not read out new codes.
 */
@Injectable()
export class RegenerateRecoveryCodesUseCase {
  constructor(
    private readonly factors: BothFactors,
    private readonly repository: TwoFactorRepository,
    private readonly audit: AuditRepository,
  ) {}

  async execute(caller: Caller, request: BothFactorsRequest): Promise<TwoFactorEnableResponse> {
    const user = await this.factors.confirm(caller, request);
    const recoveryCodes = newRecoveryCodes();
    if (!(await this.repository.replaceRecoveryCodes(user.id, recoveryCodes.map(hashRecoveryCode)))) throw stateError('Two-factor authentication was turned off meanwhile.');
    await this.audit.append({ actorId: user.id, action: 'user.2fa-recovery-codes', targetType: 'user', targetId: user.id, before: null, after: null });
    return { recoveryCodes };
  }
}
