import type { NatsConnection } from 'nats';

/** The part of nats.js's protocol handler (`NatsConnectionImpl.protocol`) this changes. */
interface FlushingProtocol {
  flushPending(): void;
  close(): Promise<void>;
}

const BATCHED = Symbol('labeldesk.turnBatchedWrites');

/**
 * Makes a NATS connection write what it has to send once per turn of the event loop instead of once per microtask
 * checkpoint (docs/decisions/032). nats.js queues a flush as a microtask after the first message of a batch, so every
 * request handled in its own socket callback, and every answer finished in its own database callback, is its own
 * socket write: on a 2-core machine each write to loopback wakes the NATS server, which takes the core from the
 * writer (a quarter of the pricing service's samples were `writeBuffer` at 1,000 quotes/s). Deferred to the turn's
 * check phase (`setImmediate`), the messages of one turn leave in one write, a few microseconds later when idle.
 * Closing still sends what is waiting first.
 */
export function batchWritesPerTurn(connection: NatsConnection): NatsConnection {
  const protocol = (connection as unknown as { protocol?: Partial<FlushingProtocol> & { [BATCHED]?: true } }).protocol;
  if (!protocol || typeof protocol.flushPending !== 'function' || typeof protocol.close !== 'function') {
    // A nats.js that no longer has these would silently keep writing per message; fail loudly at start instead.
    throw new Error('nats.js has no protocol.flushPending/close: batchWritesPerTurn must be revisited for this version');
  }
  if (protocol[BATCHED]) return connection;
  const flushNow = protocol.flushPending.bind(protocol);
  const close = protocol.close.bind(protocol);
  let scheduled = false;
  const flushScheduled = (): void => {
    scheduled = false;
    flushNow();
  };
  Object.assign(protocol, {
    [BATCHED]: true,
    flushPending: (): void => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(flushScheduled);
    },
    close: (): Promise<void> => {
      flushNow();
      return close();
    },
  });
  return connection;
}
