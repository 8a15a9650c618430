import { Controller } from '@nestjs/common';
import { AuthEvents, type SessionsEndedEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload } from '@labeldesk/nest-transport';
import { CallerVerifier } from '../auth/caller-verifier';
import { RealtimeGateway } from './realtime.gateway';

/**
 * The auth service ended a user's sessions (password change, block, deletion, role change). Every gateway replica
 * receives the event (no queue group), forgets the callers it verified for that user, so their old tokens are refused
 * on their next use, and disconnects that user's sockets connected to it, telling each why first.
 */
@Controller()
export class SessionsEndedRelay {
  constructor(
    private readonly callers: CallerVerifier,
    private readonly realtime: RealtimeGateway,
  ) {}

  @EventHandler(AuthEvents.sessionsEnded)
  async relay(@EventPayload(AuthEvents.sessionsEnded) event: SessionsEndedEvent): Promise<void> {
    // First, before anything awaits: the sockets below must be checked with auth, not with what was kept.
    this.callers.forgetUser(event.userId);
    await this.realtime.endSessions(event.userId, event.reason);
  }
}
