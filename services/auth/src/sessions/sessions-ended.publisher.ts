import { Injectable, Logger } from '@nestjs/common';
import { AuthEvents, type SessionsEndedReason } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';

/**
 * Tells every gateway replica that a user's sessions ended, so it closes their open sockets. Best effort: the
 * tokens are already refused on their next use (HTTP and socket joins verify them), this only makes it immediate.
 */
@Injectable()
export class SessionsEndedPublisher {
  private readonly logger = new Logger(SessionsEndedPublisher.name);

  constructor(private readonly rpc: RpcClient) {}

  async publish(userId: string, reason: SessionsEndedReason): Promise<void> {
    await this.rpc
      .emit(AuthEvents.sessionsEnded, { userId, reason })
      .catch((error: unknown) => this.logger.warn(`sessions of ${userId} ended (${reason}) but the event was not sent: ${String(error)}`));
  }
}
