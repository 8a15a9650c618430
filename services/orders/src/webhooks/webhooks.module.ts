import { Module } from '@nestjs/common';
import { ManageWebhooksUseCase } from './manage-webhooks.usecase';
import { RelayEventUseCase } from './relay-event.usecase';
import { ReplayEventsUseCase } from './replay-events.usecase';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookMessagesRepository } from './webhook-messages.repository';
import { WebhookReplaysRepository } from './webhook-replays.repository';
import { WebhookRetention } from './webhook-retention';
import { WebhooksController } from './webhooks.controller';

/**
 * Outgoing webhooks: endpoints, their delivery, replays and retention. Other features write events into the outbox in their
 * own transactions (outbox.sql); nothing here is injected elsewhere.
 */
@Module({
  controllers: [WebhooksController],
  providers: [WebhookEndpointsRepository, WebhookMessagesRepository, WebhookDeliverer, WebhookRetention, ManageWebhooksUseCase, RelayEventUseCase, WebhookReplaysRepository, ReplayEventsUseCase],
})
export class WebhooksModule {}
