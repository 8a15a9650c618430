import type { NatsConnection } from 'nats';
import { batchWritesPerTurn } from './turn-batched-writes';

/** nats.js's protocol handler as far as batching sees it: `flushPending` writes the outbound buffer in one go. */
class FakeProtocol {
  outbound: string[] = [];
  readonly writes: string[][] = [];
  closed = false;

  sendCommand(command: string): void {
    const wasEmpty = this.outbound.length === 0;
    this.outbound.push(command);
    // What nats.js does: the first message of a batch queues the flush as a microtask.
    if (wasEmpty) queueMicrotask(() => this.flushPending());
  }

  flushPending(): void {
    if (this.outbound.length === 0) return;
    this.writes.push(this.outbound);
    this.outbound = [];
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

  it('sends what is waiting before the connection closes', async () => {
    const protocol = new FakeProtocol();
    const connection = batchWritesPerTurn(connectionWith(protocol));
    protocol.sendCommand('last words');
    await (connection as unknown as { protocol: FakeProtocol }).protocol.close();
    expect(protocol.writes).toEqual([['last words']]);
    expect(protocol.closed).toBe(true);
  });

  it('wraps a connection once however often it is applied', async () => {
    const protocol = new FakeProtocol();
    batchWritesPerTurn(connectionWith(protocol));
    const wrapped = protocol.flushPending;
    batchWritesPerTurn(connectionWith(protocol));
    expect(protocol.flushPending).toBe(wrapped);
  });

  it('refuses a nats.js whose connection has no protocol handler to batch', () => {
    expect(() => batchWritesPerTurn({} as NatsConnection)).toThrow(/batchWritesPerTurn must be revisited/);
  });
});
