import { Injectable, Logger } from '@nestjs/common';
import { PaymentsEvents } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';

/**
 * Tells every gateway replica that a user's account changed, once the posting or hold has committed and before the
 * call that made it answers. Gateways keep account summaries for a few seconds (decision 025); the event is best
 * effort: a lost one leaves a balance on screen at most that long, and never moves money (payments checks the
 * balance itself on every debit and hold).
 */
@Injectable()
export class AccountChangesPublisher {
  private readonly logger = new Logger(AccountChangesPublisher.name);

  constructor(private readonly rpc: RpcClient) {}

  async changed(userId: string): Promise<void> {
    await this.rpc
      .emit(PaymentsEvents.accountChanged, { userId })
      .catch((error: unknown) => this.logger.warn(`account of ${userId} changed but the event was not sent: ${String(error)}`));
  }
}
