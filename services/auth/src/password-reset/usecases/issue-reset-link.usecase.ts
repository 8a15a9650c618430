import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type ResetLinkResponse } from '@labeldesk/contracts';
import { AUTH_ENV, type AuthEnv } from '../../config/env.schema';
import { UserRepository } from '../../users/user.repository';
import { PasswordResetRepository } from '../password-reset.repository';
import { RESET_USER_BLOCKED, resetLinkOn } from '../reset-link';

/** An admin's reset link for the operator to hand over; a blocked user gets none until an admin allows access again. */
@Injectable()
export class IssueResetLinkUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    @Inject(AUTH_ENV) private readonly env: Pick<AuthEnv, 'PASSWORD_RESET_MINUTES' | 'PUBLIC_URL'>,
  ) {}

  async execute(caller: Caller, userId: string): Promise<ResetLinkResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (user.activation !== 'allow') throw new DomainError(ErrorCode.CONFLICT, RESET_USER_BLOCKED);
    const { token, expiresAt } = await this.resets.issue(user.id, caller.userId, this.env.PASSWORD_RESET_MINUTES);
    return { link: resetLinkOn(this.env.PUBLIC_URL, token), expiresAt: expiresAt.toISOString() };
  }
}
