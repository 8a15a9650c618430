import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Invitee } from '@labeldesk/contracts';
import { UserRepository } from '../users/user.repository';
import { toInvitee } from './invitee.mapper';

/**
 * The people a user invited, for the Invite page (the user) and Referral Management (an admin). The gateway asks
 * payments for deposit totals of exactly these ids, so the contract's self-or-admin check (enforced by CallerGuard
 * before this runs, decision 080) is what keeps anyone else's money private.
 */
@Injectable()
export class ListInviteesUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: string): Promise<{ invitees: Invitee[] }> {
    // A deleted inviter has no page to show; their invitees stay theirs in the records only.
    if (!(await this.users.findById(userId))) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    return { invitees: (await this.users.findInvitees(userId)).map(toInvitee) };
  }
}
