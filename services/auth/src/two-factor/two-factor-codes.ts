import { Injectable } from '@nestjs/common';
import type { User } from '../users/user.entity';
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { SecretBox } from './secret-box';
import { matchTotpStep } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

export type AcceptedCode = 'totp' | 'recovery';

/** The second factor of a user with two-factor sign-in on: a code is accepted at most once, whichever kind it is. */
@Injectable()
export class TwoFactorCodes {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly box: SecretBox,
  ) {}

  async accept(user: User, code: string): Promise<AcceptedCode | null> {
    if (!user.totpSecret) return null;
    const typed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(typed)) {
      const step = await matchTotpStep(this.box.open(user.totpSecret), typed, Date.now());
      return step !== null && (await this.repository.claimStep(user.id, step)) ? 'totp' : null;
    }
    if (looksLikeRecoveryCode(typed)) return (await this.repository.useRecoveryCode(user.id, hashRecoveryCode(typed))) ? 'recovery' : null;
    return null;
  }
}
