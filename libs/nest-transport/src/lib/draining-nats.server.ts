import { ServerNats, type MessageHandler } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import { MessageHeader } from '@labeldesk/contracts';
import { inFlightWork, type InFlightWork } from './in-flight';
import { HandlerRoutes } from './handler-routes';
import { handledInCorrelation } from './message-correlation';
import { batchWritesPerTurn } from './turn-batched-writes';

type NatsOptions = ConstructorParameters<typeof ServerNats>[0];

/**
 * NATS server strategy that stops the way a replica of a queue group must (docs/decisions/020):
 * 1. drain every subscription: the server is told to stop routing here, and what it already sent is still handled
 *    (a plain unsubscribe, Nest's own graceful mode, drops messages that are on the wire at that moment);
 * 2. wait until every handler has answered (bounded by `gracePeriod`);
 * 3. flush the answers out, then close.
 * Requests sent meanwhile go to the other members of the queue group.
 */
export class DrainingServerNats extends ServerNats {
  private readonly drainable: Subscription[] = [];
  private connection: NatsConnection | null = null;
  private readonly routes = new HandlerRoutes();

  constructor(
    private readonly natsOptions: NatsOptions,
    private readonly work: InFlightWork = inFlightWork,
  ) {
    super({ ...natsOptions, gracefulShutdown: false });
  }

  override async createNatsClient(): Promise<NatsConnection> {
    this.connection = batchWritesPerTurn((await super.createNatsClient()) as NatsConnection);
    return this.connection;
  }

  /** Nest's own binding, keeping each subscription so it can be drained. */
  override bindEvents(client: NatsConnection): void {
    const defaultQueue = this.natsOptions.queue;
    for (const [channel, handler] of this.messageHandlers) {
      const queue = (handler.extras?.['queue'] as string | undefined) ?? defaultQueue;
      const callback = this.getMessageHandler(channel) as (error: Error | null, message: unknown) => void;
      this.drainable.push(client.subscribe(channel, { ...(queue ? { queue } : {}), callback: callback.bind(this) }));
    }
  }

  /**
   * Counted as in flight from the moment it arrives until its answer is in the connection's buffer (which the drain
   * then flushes). Nest awaits the handler here (handlers have no Nest interceptors) and publishes the answer on the
   * next tick; the count ends on the following turn of the event loop, after that tick. Counting only from the
   * handler's start once left a gap after the caller guard and the pipes: a drain that ended in it closed the
   * connection under a request already taken (a quote timed out after 10 s in a rolling restart).
   */
  override async handleMessage(channel: string, natsMsg: Parameters<ServerNats['handleMessage']>[1]): Promise<unknown> {
    this.work.begin();
    try {
      return await handledInCorrelation(natsMsg.headers?.get(MessageHeader.correlationId), () => super.handleMessage(channel, natsMsg));
    } finally {
      setImmediate(() => this.work.end());
    }
  }

  override addHandler(...args: Parameters<ServerNats['addHandler']>): void {
    super.addHandler(...args);
    this.routes.clear();
  }

  override getHandlerByPattern(subject: string): MessageHandler | null {
    return this.routes.resolve(subject, (pattern) => super.getHandlerByPattern(pattern));
  }

  override async close(): Promise<void> {
    const connection = this.connection;
    if (connection && !connection.isClosed()) {
      await Promise.all(this.drainable.map((sub) => sub.drain().catch(() => undefined)));
      await this.work.idle(this.natsOptions.gracePeriod ?? 10_000);
      await connection.flush().catch(() => undefined);
    }
    this.connection = null;
    await super.close();
  }
}
