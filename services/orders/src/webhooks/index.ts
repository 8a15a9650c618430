/**
 * What other features may use of webhooks: the module and the outbox they write events to in their own transactions.
 */
export { WebhooksModule } from './webhooks.module';
export { type OutboxEvent, outboxInsert } from './outbox.sql';
/** The outbound rules of a customer's URL (https, public addresses), which calls to a seller's store follow too. */
export { checkWebhookTarget, type ResolvedTarget } from './url-policy';
export { pinned } from './webhook-sender';
