import { Inject, Injectable } from '@nestjs/common';
import { PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { WebhookMessagesRepository } from './webhook-messages.repository';
import { WebhookReplaysRepository } from './webhook-replays.repository';

const HOURLY_MS = 60 * 60 * 1000;
/** Messages deleted per statement: short statements, so deliveries and purchases are never held up behind one. */
const PER_STATEMENT = 1_000;

/**
 * Forgets webhook messages, their delivery log, events and replay keys after WEBHOOK_RETENTION_DAYS, once an hour on every replica (the
 * deletes skip rows another replica is deleting).
 */
@Injectable()
export class WebhookRetention extends PeriodicTask<number> {
  constructor(
    private readonly messages: WebhookMessagesRepository,
    private readonly replays: WebhookReplaysRepository,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'WEBHOOK_RETENTION_DAYS'>,
  ) {
    super();
  }

  protected get everyMs(): number {
    return HOURLY_MS;
  }

  /** Runs a round now (tests); answers how many messages and events went. */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    const days = this.env.WEBHOOK_RETENTION_DAYS;
    const forgotten = await this.drain((limit) => this.messages.forgetOlderThan(days, limit));
    // The events list answers only the last `days` already; these deletes keep the table from growing past them.
    const events = await this.drain((limit) => this.messages.forgetEventsOlderThan(days, limit));
    await this.drain((limit) => this.replays.forgetOlderThan(days, limit));
    if (forgotten + events > 0) this.logger.log(`forgot ${forgotten} webhook messages and ${events} events older than ${days} days`);
    return forgotten + events;
  }

  /** Deletes in short statements until one deletes fewer than it may. */
  private async drain(forget: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const gone = await forget(PER_STATEMENT);
      total += gone;
      if (gone < PER_STATEMENT) return total;
    }
  }
}
