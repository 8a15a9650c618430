import { Inject, Injectable } from '@nestjs/common';
import { WebhooksRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { PAYMENTS_ENV, type PaymentsEnv } from '../config/env.schema';
import { EventOutboxRepository, type DueEvent } from './event-outbox.repository';
import { RetryRounds } from './retry-rounds';

const ROUND = 50;
/** A try's lease: longer than the call's timeout, so no other replica relays the same event meanwhile. */
const LEASE_SECONDS = 30;
const CALL_TIMEOUT_MS = 10_000;

/** Seconds before trying again after `tries` failed: 2, 4, 8 … at most 5 minutes. An event is never given up. */
export const relayBackoffSeconds = (tries: number): number => Math.min(2 ** Math.max(1, tries), 300);

/**
 * Passes payments' webhook events on to orders (docs/decisions/051) until orders answers, at least once: orders
 * queues an event id once per endpoint, so an event relayed twice (a replica died after the call) is sent once.
 */
@Injectable()
export class EventRelay extends RetryRounds {
  constructor(
    private readonly outbox: EventOutboxRepository,
    private readonly rpc: RpcClient,
    @Inject(PAYMENTS_ENV) env: Pick<PaymentsEnv, 'EVENT_RELAY_SECONDS'>,
  ) {
    super(env.EVENT_RELAY_SECONDS);
  }

  /** One round; answers how many events it passed on (0 when a round was running here already). */
  relayDue(): Promise<number> {
    return this.runRound();
  }

  protected async round(): Promise<number> {
    let relayed = 0;
    for (;;) {
      const due = await this.outbox.claimDue(ROUND, LEASE_SECONDS);
      if (due.length === 0) break;
      const results = await Promise.all(due.map((event) => this.relay(event)));
      relayed += results.filter(Boolean).length;
      if (due.length < ROUND) break;
    }
    return relayed;
  }

  private async relay(event: DueEvent): Promise<boolean> {
    try {
      await this.rpc.call(
        WebhooksRpc.relayEvent,
        { eventId: event.eventId, userId: event.userId, type: event.type, occurredAt: event.occurredAt.toISOString(), data: event.data },
        { asService: true, timeoutMs: CALL_TIMEOUT_MS },
      );
      await this.outbox.markRelayed(event.eventId);
      return true;
    } catch (error) {
      this.logger.warn(`event ${event.eventId} not relayed (try ${event.tries}): ${error instanceof Error ? error.message : String(error)}`);
      await this.outbox.retryAfter(event.eventId, relayBackoffSeconds(event.tries));
      return false;
    }
  }
}
