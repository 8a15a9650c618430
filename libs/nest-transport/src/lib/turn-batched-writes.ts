import { readFileSync } from 'node:fs';
import type { NatsConnection } from 'nats';

/**
 * The one nats.js release whose private protocol handler this was written and tested against; package.json pins it
 * exactly. Another version may keep the names and change what they do, so any other one is refused at start.
 */
export const BATCHED_NATS_VERSION = '2.29.3';

/** The nats.js installed next to this code. */
export const installedNatsVersion = (): string => (JSON.parse(readFileSync(require.resolve('nats/package.json'), 'utf8')) as { version: string }).version;

/** The part of nats.js's protocol handler (`NatsConnectionImpl.protocol`) this changes. */
interface FlushingProtocol {
  flushPending(): void;
  close(): Promise<void>;
  /** PING, resolved by the server's PONG: everything written before it has reached the server. */
  flush(): Promise<void>;
  connected: boolean;
  outbound: { size(): number };
  pendingLimit: number;
}

/** How long closing waits for what is queued to reach the server before closing anyway. */
const CLOSE_FLUSH_MS = 1_000;

const BATCHED = Symbol('labeldesk.turnBatchedWrites');

/**
 * Makes a NATS connection write what it has to send once per turn of the event loop instead of once per microtask
 * checkpoint (docs/decisions/032). nats.js queues a flush as a microtask after the first message of a batch, so every
 * request handled in its own socket callback, and every answer finished in its own database callback, is its own
 * socket write: on a 2-core machine each write to loopback wakes the NATS server, which takes the core from the
 * writer. Deferred to the turn's check phase (`setImmediate`), the messages of one
 * turn leave in one write, a few microseconds later when idle. Closing waits (up to 1 s) until what is waiting has
 * reached the server.
 */
export function batchWritesPerTurn(connection: NatsConnection, natsVersion: string = installedNatsVersion()): NatsConnection {
  if (natsVersion !== BATCHED_NATS_VERSION) {
    throw new Error(`nats.js ${natsVersion} is installed; batchWritesPerTurn changes nats.js ${BATCHED_NATS_VERSION}'s private protocol handler and must be checked against the new version before it is pinned (docs/decisions/032)`);
  }
  const protocol = (connection as unknown as { protocol?: Partial<FlushingProtocol> & { [BATCHED]?: true } }).protocol;
  if (!protocol || typeof protocol.flushPending !== 'function' || typeof protocol.close !== 'function' || typeof protocol.flush !== 'function' || typeof protocol.outbound?.size !== 'function') {
    // A nats.js that no longer has these would silently keep writing per message; fail loudly at start instead.
    throw new Error('nats.js has no protocol.flushPending/close/flush/outbound: batchWritesPerTurn must be revisited for this version');
  }
  if (protocol[BATCHED]) return connection;
  const flushNow = protocol.flushPending.bind(protocol);
  const close = protocol.close.bind(protocol);
  let scheduled = false;
  const flushScheduled = (): void => {
    scheduled = false;
    flushNow();
  };
  const flush = protocol.flush.bind(protocol);
  // Read at every flush, not kept: nats.js owns the buffer.
  const queued = (): number => (protocol as FlushingProtocol).outbound.size();
  const limit = protocol.pendingLimit ?? 32 * 1024;
  Object.assign(protocol, {
    [BATCHED]: true,
    flushPending: (): void => {
      // nats.js's own bound on what waits in memory (32 KiB) still holds: past it, the turn's messages go now.
      if (queued() >= limit) return flushNow();
      if (scheduled) return;
      scheduled = true;
      setImmediate(flushScheduled);
    },
    close: async (): Promise<void> => {
      // nats.js closes by destroying the socket, which drops whatever the kernel has not taken yet: wait (bounded)
      // for a PONG behind what is queued first.
      if (protocol.connected) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_FLUSH_MS)));
        await Promise.race([flush().catch(() => undefined), late]);
        clearTimeout(timer);
      }
      return close();
    },
  });
  return connection;
}
