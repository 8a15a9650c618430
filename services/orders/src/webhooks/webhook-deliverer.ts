import { Inject, Injectable } from '@nestjs/common';
import { PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { nextAttemptAt } from './retry-schedule';
import { signingSecrets, WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookMessagesRepository, type ClaimedMessage } from './webhook-messages.repository';
import { postWebhook, type SendResult } from './webhook-sender';
import { signWebhook } from './webhook-signer';
import { checkWebhookTarget } from './url-policy';

/** Messages claimed at once per round. */
const ROUND = 50;

type DelivererEnv = Pick<OrdersEnv, 'WEBHOOK_ALLOW_PRIVATE_URLS' | 'WEBHOOK_DELIVERY_SECONDS' | 'WEBHOOK_TIMEOUT_MS'>;

/**
 * Sends the outbox's due messages (docs/decisions/051): each claimed for one attempt with a lease longer than the
 * send's deadline, signed with every secret still valid, sent to the address its URL resolves to now (checked
 * again: DNS may have changed since the endpoint was saved), logged, then delivered (2xx), due again per the
 * schedule, given up after 24 h, or — 410 Gone — the endpoint is disabled.
 */
@Injectable()
export class WebhookDeliverer extends PeriodicTask<number> {
  constructor(
    private readonly messages: WebhookMessagesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    @Inject(ORDERS_ENV) private readonly env: DelivererEnv,
  ) {
    super();
  }

  protected get everyMs(): number {
    return this.env.WEBHOOK_DELIVERY_SECONDS * 1000;
  }

  /** Sends what is due now; answers how many attempts it made (0 while a round is running here). */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  /** A new event is sent at once rather than at the next tick; the timer is only the safety net. */
  nudge(): void {
    void this.sweep().catch((error: unknown) => this.logger.warn(`delivery round failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  protected async round(): Promise<number> {
    let sent = 0;
    // The lease outlives the send's deadline, so a slow endpoint's message is not claimed again while it is in flight.
    const leaseSeconds = Math.ceil(this.env.WEBHOOK_TIMEOUT_MS / 1000) + 5;
    for (;;) {
      const due = await this.messages.claimDue(ROUND, leaseSeconds);
      if (due.length === 0) break;
      sent += due.length;
      await Promise.all(due.map((m) => this.deliver(m).catch((error: unknown) => this.logger.warn(`webhook ${m.event_id}: ${error instanceof Error ? error.message : String(error)}`))));
      if (due.length < ROUND) break;
    }
    return sent;
  }

  async deliver(message: ClaimedMessage): Promise<void> {
    const result = await this.send(message);
    const statusCode = 'statusCode' in result ? result.statusCode : null;
    const attempt = { statusCode, error: 'error' in result ? result.error : null, durationMs: result.durationMs };
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      await this.messages.recordAttempt(message, attempt, { delivered: true });
      return;
    }
    if (statusCode === 410) {
      await this.messages.recordAttempt(message, attempt, { delivered: false, nextAt: null });
      await this.endpoints.disable(message.endpoint_id, `The endpoint answered 410 Gone on ${new Date().toISOString()}`);
      this.logger.log(`webhook endpoint ${message.endpoint_id} answered 410: disabled`);
      return;
    }
    await this.messages.recordAttempt(message, attempt, { delivered: false, nextAt: nextAttemptAt(new Date(message.created_at), message.attempts + 1) });
  }

  private async send(message: ClaimedMessage): Promise<SendResult> {
    const started = Date.now();
    const check = await checkWebhookTarget(message.url, this.env.WEBHOOK_ALLOW_PRIVATE_URLS);
    if (!check.ok) return { error: `Not sent: the URL ${check.reason}`, durationMs: Date.now() - started };
    const headers = signWebhook(signingSecrets(message), message.event_id, new Date(), message.body);
    return postWebhook(check.target, { ...headers }, message.body, this.env.WEBHOOK_TIMEOUT_MS);
  }
}
