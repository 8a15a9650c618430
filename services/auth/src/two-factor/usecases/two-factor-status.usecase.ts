import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type TwoFactorStatus } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { TwoFactorRepository } from '../two-factor.repository';

/** What the Account page shows of two-factor sign-in: on or off, and the recovery codes not used yet. */
@Injectable()
export class TwoFactorStatusUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly repository: TwoFactorRepository,
  ) {}

  async execute(caller: Caller): Promise<TwoFactorStatus> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    // Codes of an earlier enrolment are deleted when it is turned off; the guard keeps "off" at 0 whatever is left.
    if (!user.twoFactorEnabled) return { enabled: false, recoveryCodesLeft: 0 };
    return { enabled: true, recoveryCodesLeft: await this.repository.recoveryCodesLeft(user.id) };
  }
}
