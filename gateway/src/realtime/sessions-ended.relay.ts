import { Controller } from '@nestjs/common';
import { AuthEvents, type SessionsEndedEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload } from '@labeldesk/nest-transport';
import { RealtimeGateway } from './realtime.gateway';

/**
 * The auth service ended a user's sessions (password change, block, deletion, role change). Every gateway replica
 * receives the event (no queue group) and disconnects that user's sockets connected to it; their tokens are
 * already refused on any other use.
 */
@Controller()
export class SessionsEndedRelay {
  constructor(private readonly realtime: RealtimeGateway) {}

  @EventHandler(AuthEvents.sessionsEnded)
  async relay(@EventPayload(AuthEvents.sessionsEnded) event: SessionsEndedEvent): Promise<void> {
    await this.realtime.endSessions(event.userId);
  }
}
