import { Inject, Injectable } from '@nestjs/common';
import { PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { WebhookMessagesRepository } from './webhook-messages.repository';

const HOURLY_MS = 60 * 60 * 1000;
/** Messages deleted per statement: short statements, so deliveries and purchases are never held up behind one. */
const PER_STATEMENT = 1_000;

/**
 * Forgets webhook messages and their delivery log after WEBHOOK_RETENTION_DAYS, once an hour on every replica (the
 * deletes skip rows another replica is deleting).
 */
@Injectable()
export class WebhookRetention extends PeriodicTask<number> {
  constructor(
    private readonly messages: WebhookMessagesRepository,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'WEBHOOK_RETENTION_DAYS'>,
  ) {
    super();
  }

  protected get everyMs(): number {
    return HOURLY_MS;
  }

  /** Runs a round now (tests); answers how many messages went. */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const gone = await this.messages.forgetOlderThan(this.env.WEBHOOK_RETENTION_DAYS, PER_STATEMENT);
      forgotten += gone;
      if (gone < PER_STATEMENT) break;
    }
    if (forgotten > 0) this.logger.log(`forgot ${forgotten} webhook messages older than ${this.env.WEBHOOK_RETENTION_DAYS} days`);
    return forgotten;
  }
}
