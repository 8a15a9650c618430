/**
 * What other features may use of webhooks: the module and the outbox they write events to in their own transactions.
 */
export { WebhooksModule } from './webhooks.module';
export { type OutboxEvent, outboxInsert } from './outbox.sql';
