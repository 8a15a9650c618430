import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type TwoFactorSetupResponse } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { SecretBox } from '../secret-box';
import { newTotpSecret, otpauthUrl } from '../totp';
import { stateError } from '../two-factor-errors';
import { TwoFactorRepository } from '../two-factor.repository';

/** A new secret, kept pending until a code from it enables two-factor sign-in; a second setup replaces the first. */
@Injectable()
export class SetupTwoFactorUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: TwoFactorRepository,
    private readonly box: SecretBox,
  ) {}

  async execute(caller: Caller): Promise<TwoFactorSetupResponse> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (user.twoFactorEnabled) throw stateError('Two-factor authentication is already on. Turn it off first to set it up again.');
    const secret = newTotpSecret();
    await this.repository.savePending(user.id, this.box.seal(secret));
    return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
  }
}
