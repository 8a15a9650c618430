import { Injectable, Logger } from '@nestjs/common';
import { AuthEvents, type SessionsEndedReason } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';

/**
 * Tells every gateway replica that a user changed, once the change is saved and before the call that made it answers.
 * Gateways keep verified callers for a short while (decision 019) and close sockets on ended sessions; both events are
 * best effort: a lost one is bounded by that short while, and an ended session's token is refused by auth anyway.
 */
@Injectable()
export class UserEventsPublisher {
  private readonly logger = new Logger(UserEventsPublisher.name);

  constructor(private readonly rpc: RpcClient) {}

  /** Every session of the user ended (password, block, deletion, role): gateways forget them and close their sockets. */
  async sessionsEnded(userId: string, reason: SessionsEndedReason): Promise<void> {
    await this.rpc
      .emit(AuthEvents.sessionsEnded, { userId, reason })
      .catch((error: unknown) => this.logger.warn(`sessions of ${userId} ended (${reason}) but the event was not sent: ${String(error)}`));
  }

  /** What verifying the user's tokens answers changed while their sessions go on (name, referral code, activation …). */
  async changed(userId: string): Promise<void> {
    await this.rpc
      .emit(AuthEvents.userChanged, { userId })
      .catch((error: unknown) => this.logger.warn(`user ${userId} changed but the event was not sent: ${String(error)}`));
  }
}
