import { Injectable } from '@nestjs/common';
import type { Caller } from '@labeldesk/contracts';
import { AuditRepository } from '../../audit/audit.repository';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { BothFactors, type BothFactorsRequest } from '../both-factors';
import { TwoFactorRepository } from '../two-factor.repository';
import { endAdminLoginAs } from './end-admin-login-as';

/**
 * Both factors again (a stolen session alone must not turn it off), throttled like sign-in. An admin's "login as"
 * sessions end with it: they were opened behind the second factor.
 */
@Injectable()
export class DisableTwoFactorUseCase {
  constructor(
    private readonly factors: BothFactors,
    private readonly repository: TwoFactorRepository,
    private readonly audit: AuditRepository,
    private readonly events: UserEventsPublisher,
    private readonly users: UserRepository,
  ) {}

  async execute(caller: Caller, request: BothFactorsRequest): Promise<{ ok: true }> {
    const user = await this.factors.confirm(caller, request);
    if (await this.repository.disable(user.id)) {
      await endAdminLoginAs(this.users, user);
      await this.audit.append({ actorId: user.id, action: 'user.2fa-disabled', targetType: 'user', targetId: user.id, before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } });
      await this.events.changed(user.id);
    }
    return { ok: true };
  }
}
