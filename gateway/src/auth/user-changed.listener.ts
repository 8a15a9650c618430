import { Controller } from '@nestjs/common';
import { AuthEvents, type UserChangedEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload } from '@labeldesk/nest-transport';
import { CallerVerifier } from './caller-verifier';

/**
 * Auth changed what verifying a user's tokens answers (name, referral code, activation …) while their sessions go on.
 * Every gateway replica receives it (no queue group) and forgets the callers it verified for that user.
 */
@Controller()
export class UserChangedListener {
  constructor(private readonly callers: CallerVerifier) {}

  @EventHandler(AuthEvents.userChanged)
  forget(@EventPayload(AuthEvents.userChanged) event: UserChangedEvent): void {
    this.callers.forgetUser(event.userId);
  }
}
