import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type Invitee } from '@labeldesk/contracts';
import { requireSelfOrAdmin } from '@labeldesk/nest-transport';
import { UserRepository } from '../users/user.repository';
import { toInvitee } from './invitee.mapper';

/**
 * The people a user invited, for the Invite page (the user) and Referral Management (an admin). The gateway asks
 * payments for deposit totals of exactly these ids, so this check is what keeps anyone else's money private.
 */
@Injectable()
export class ListInviteesUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(caller: Caller, userId: string): Promise<{ invitees: Invitee[] }> {
    requireSelfOrAdmin(caller, userId);
    // A deleted inviter has no page to show; their invitees stay theirs in the records only.
    if (!(await this.users.findById(userId))) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    return { invitees: (await this.users.findInvitees(userId)).map(toInvitee) };
  }
}
