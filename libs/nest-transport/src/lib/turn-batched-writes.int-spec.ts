import { connect, type NatsConnection } from 'nats';
import { batchWritesPerTurn } from './turn-batched-writes';

const url = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';

/** Counts the socket writes of a nats.js connection (its transport's socket, internal to nats.js). */
const countWrites = (connection: NatsConnection): { count: number } => {
  const socket = (connection as unknown as { protocol: { transport: { socket: { write: (...args: unknown[]) => boolean } } } }).protocol.transport.socket;
  const counter = { count: 0 };
  const write = socket.write.bind(socket);
  socket.write = (...args: unknown[]) => {
    counter.count += 1;
    return write(...args);
  };
  return counter;
};

/** `count` messages, each published from its own callback of one turn of the event loop. */
const publishFromSeparateCallbacks = (connection: NatsConnection, subject: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => new Promise<void>((resolve) => setImmediate(() => {
      connection.publish(subject, new TextEncoder().encode(String(i)));
      resolve();
    }))),
  );

/**
 * The first `count` messages on `subject`. Rejects, naming how many came, if they have not all come within 20 s: a bound
 * that ends a wait for messages that are lost, far beyond what a busy machine takes to deliver them.
 */
const received = (connection: NatsConnection, subject: string, count: number): Promise<string[]> => {
  const messages: string[] = [];
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`${messages.length} of ${count} messages came`)), 20_000).unref();
    connection.subscribe(subject, {
      callback: (_error, msg) => {
        messages.push(msg.string());
        if (messages.length === count) resolve(messages);
      },
    });
  });
};

describe('batchWritesPerTurn on a real NATS connection', () => {
  let listener: NatsConnection;
  beforeAll(async () => {
    listener = await connect({ servers: url, name: 'batched-writes-listener' });
  });
  afterAll(async () => {
    await listener.close();
  });

  it('delivers every message, in order, in far fewer socket writes than messages', async () => {
    const subject = `batched.${Date.now()}`;
    const arriving = received(listener, subject, 20);
    await listener.flush();
    const plain = await connect({ servers: url, name: 'plain' });
    const batched = batchWritesPerTurn(await connect({ servers: url, name: 'batched' }));
    const plainWrites = countWrites(plain);
    const batchedWrites = countWrites(batched);
    await publishFromSeparateCallbacks(plain, `${subject}.ignored`, 10);
    await publishFromSeparateCallbacks(batched, subject, 20);
    await plain.flush();
    await batched.flush();
    expect(await arriving).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    // nats.js alone: one write per callback (plus its PING); batched: the 20 messages and the PING in at most 2.
    expect(plainWrites.count).toBeGreaterThanOrEqual(10);
    expect(batchedWrites.count).toBeLessThanOrEqual(2);
    await plain.close();
    await batched.close();
  });

  it('sends a message published just before close', async () => {
    const subject = `batched.close.${Date.now()}`;
    const arriving = received(listener, subject, 1);
    await listener.flush();
    const batched = batchWritesPerTurn(await connect({ servers: url, name: 'batched-close' }));
    batched.publish(subject, new TextEncoder().encode('goodbye'));
    await batched.close();
    expect(await arriving).toEqual(['goodbye']);
  });

  it('delivers megabytes published just before close, whole (more than the socket takes at once)', async () => {
    const subject = `batched.close.big.${Date.now()}`;
    const arriving = received(listener, subject, 4);
    await listener.flush();
    const batched = batchWritesPerTurn(await connect({ servers: url, name: 'batched-close-big' }));
    // Under a server's default 1 MB max_payload each; 3.6 MB in all.
    const big = 'x'.repeat(900 * 1024);
    for (let i = 0; i < 4; i++) batched.publish(subject, new TextEncoder().encode(big));
    await batched.close();
    expect((await arriving).map((m) => m.length)).toEqual([big.length, big.length, big.length, big.length]);
  });

  it('answers requests as before', async () => {
    const subject = `batched.request.${Date.now()}`;
    const responder = batchWritesPerTurn(await connect({ servers: url, name: 'batched-responder' }));
    responder.subscribe(subject, { callback: (_error, msg) => msg.respond(new TextEncoder().encode(`re: ${msg.string()}`)) });
    await responder.flush();
    const requester = batchWritesPerTurn(await connect({ servers: url, name: 'batched-requester' }));
    // 20 s: long enough that only an unanswered request times out, never a slow answer.
    const replies = await Promise.all(['a', 'b', 'c'].map((m) => requester.request(subject, new TextEncoder().encode(m), { timeout: 20_000 })));
    expect(replies.map((r) => r.string())).toEqual(['re: a', 're: b', 're: c']);
    await requester.close();
    await responder.close();
  });
});
