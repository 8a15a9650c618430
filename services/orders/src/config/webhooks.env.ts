import { z } from 'zod';

/** Outgoing webhooks' settings (docs/decisions/051), part of the orders environment. */
export const webhooksEnvShape = {
  /**
   * `true` lets endpoints be plain http and resolve to loopback, private or other special-purpose addresses (decision
   * 073 refuses every range of the IANA special-purpose registries otherwise): for tests and private setups
   * only, since it lets any customer make this server call into its own network.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** How often due deliveries are looked for (a new event is also sent at once by the replica that wrote it). */
  WEBHOOK_DELIVERY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(2),
  /** How long an endpoint may take to answer one delivery (Standard Webhooks: 15–30 s). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(30_000).default(15_000),
  /**
   * Days a message and its delivery log are kept (Stripe keeps events 30 days): older ones are forgotten once an hour,
   * so the outbox and the log do not grow without end.
   */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
};
