import { Injectable } from '@nestjs/common';
import type { ParsedRequestOf, WebhooksRpc } from '@labeldesk/contracts';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookMessagesRepository } from './webhook-messages.repository';

/**
 * Queues an event another service kept in its own outbox (payments' `balance.credited`). The sender relays until this
 * answers, so the same event may come twice: its id is unique per user, and the second time records nothing.
 */
@Injectable()
export class RelayEventUseCase {
  constructor(
    private readonly messages: WebhookMessagesRepository,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  async relay(event: ParsedRequestOf<typeof WebhooksRpc.relayEvent>): Promise<number> {
    const recorded = await this.messages.record(event.userId, { type: event.type, eventId: event.eventId, data: event.data });
    if (recorded > 0) this.deliverer.nudge();
    return recorded;
  }
}
