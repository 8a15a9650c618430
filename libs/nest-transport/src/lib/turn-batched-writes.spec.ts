import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NatsConnection } from 'nats';
import { BATCHED_NATS_VERSION, batchWritesPerTurn, installedNatsVersion } from './turn-batched-writes';

/** nats.js's protocol handler as far as batching sees it: `flushPending` writes the outbound buffer in one go. */
class FakeProtocol {
  queued: string[] = [];
  readonly writes: string[][] = [];
  readonly outbound = { size: () => this.queued.join('').length };
  readonly pendingLimit = 32 * 1024;
  connected = true;
  closed = false;

  sendCommand(command: string): void {
    const wasEmpty = this.queued.length === 0;
    this.queued.push(command);
    // What nats.js does: the first message of a batch queues the flush as a microtask; past the limit, at once.
    if (wasEmpty) queueMicrotask(() => this.flushPending());
    else if (this.outbound.size() >= this.pendingLimit) this.flushPending();
  }

  flushPending(): void {
    if (!this.connected || this.queued.length === 0) return;
    this.writes.push(this.queued);
    this.queued = [];
  }

  /** A PING behind what is queued; the server's PONG comes a turn after it was written. */
  flush(): Promise<void> {
    this.sendCommand('PING');
    return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

const connectionWith = (protocol: FakeProtocol) => ({ protocol }) as unknown as NatsConnection;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchWritesPerTurn', () => {
  it('sends the messages of separate callbacks in one turn as one write', async () => {
    const protocol = new FakeProtocol();
    batchWritesPerTurn(connectionWith(protocol));
    // Three socket callbacks of one poll phase, each publishing after its own microtasks ran.
    await Promise.all(['a', 'b', 'c'].map((m) => new Promise<void>((resolve) => setImmediate(() => {
      protocol.sendCommand(m);
      resolve();
    }))));
    await nextTurn();
    await nextTurn();
    expect(protocol.writes).toEqual([['a', 'b', 'c']]);
  });

  it('writes once per turn: a message sent after the flush goes in the next write', async () => {
    const protocol = new FakeProtocol();
    batchWritesPerTurn(connectionWith(protocol));
    protocol.sendCommand('first');
    await nextTurn();
    await nextTurn();
    protocol.sendCommand('second');
    await nextTurn();
    await nextTurn();
    expect(protocol.writes).toEqual([['first'], ['second']]);
  });

  it('without it every callback is its own write (what it saves)', async () => {
    const protocol = new FakeProtocol();
    await Promise.all(['a', 'b', 'c'].map((m) => new Promise<void>((resolve) => setImmediate(() => {
      protocol.sendCommand(m);
      resolve();
    }))));
    await nextTurn();
    expect(protocol.writes).toEqual([['a'], ['b'], ['c']]);
  });

  it('waits, before closing, until what is waiting has reached the server', async () => {
    const protocol = new FakeProtocol();
    const connection = batchWritesPerTurn(connectionWith(protocol));
    protocol.sendCommand('last words');
    await (connection as unknown as { protocol: FakeProtocol }).protocol.close();
    expect(protocol.writes).toEqual([['last words', 'PING']]);
    expect(protocol.closed).toBe(true);
  });

  it('closes a disconnected connection without waiting for a server that cannot answer', async () => {
    const protocol = new FakeProtocol();
    protocol.connected = false;
    const flush = jest.spyOn(protocol, 'flush');
    const connection = batchWritesPerTurn(connectionWith(protocol));
    await (connection as unknown as { protocol: FakeProtocol }).protocol.close();
    expect(protocol.closed).toBe(true);
    expect(flush).not.toHaveBeenCalled();
  });

  it('writes at once, as nats.js does, once a turn has queued more than its 32 KiB bound', async () => {
    const protocol = new FakeProtocol();
    batchWritesPerTurn(connectionWith(protocol));
    const big = 'x'.repeat(20 * 1024);
    protocol.sendCommand(big);
    protocol.sendCommand(big);
    expect(protocol.writes).toEqual([[big, big]]);
    protocol.sendCommand('small');
    await nextTurn();
    await nextTurn();
    expect(protocol.writes).toEqual([[big, big], ['small']]);
  });

  it('wraps a connection once however often it is applied', async () => {
    const protocol = new FakeProtocol();
    batchWritesPerTurn(connectionWith(protocol));
    const wrapped = protocol.flushPending;
    batchWritesPerTurn(connectionWith(protocol));
    expect(protocol.flushPending).toBe(wrapped);
  });

  it('refuses, at start, any nats.js but the exact version it was written against', () => {
    const connection = connectionWith(new FakeProtocol());
    expect(() => batchWritesPerTurn(connection, '2.29.4')).toThrow('nats.js 2.29.4 is installed; batchWritesPerTurn changes nats.js 2.29.3');
    expect(() => batchWritesPerTurn(connection, BATCHED_NATS_VERSION)).not.toThrow();
  });

  it('is pinned in package.json to exactly the version it was written against, and that version is installed', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['nats']).toBe(BATCHED_NATS_VERSION);
    expect(installedNatsVersion()).toBe(BATCHED_NATS_VERSION);
  });

  it('refuses a nats.js whose connection has no protocol handler to batch', () => {
    expect(() => batchWritesPerTurn({} as NatsConnection)).toThrow(/batchWritesPerTurn must be revisited/);
  });
});
