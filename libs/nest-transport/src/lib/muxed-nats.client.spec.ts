import { firstValueFrom, timeout } from 'rxjs';
import { headers as natsHeaders, JSONCodec, NatsError, type Msg, type MsgHdrs, type SubscriptionOptions } from 'nats';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { MuxedClientNats } from './muxed-nats.client';
import { RAW_REPLY, RawJson } from './raw-json';

const json = JSONCodec();

interface Published {
  subject: string;
  body: Record<string, unknown>;
  reply: string;
  headers: MsgHdrs | undefined;
}

/** A connection that records subscriptions and publications, and delivers replies as the test says. */
class FakeConnection {
  readonly subscriptions: Array<{ subject: string; callback: NonNullable<SubscriptionOptions['callback']> }> = [];
  readonly published: Published[] = [];

  subscribe(subject: string, options: SubscriptionOptions) {
    this.subscriptions.push({ subject, callback: options.callback as NonNullable<SubscriptionOptions['callback']> });
    return {};
  }

  publish(subject: string, data: Uint8Array, options: { reply: string; headers?: MsgHdrs }): void {
    this.published.push({ subject, body: json.decode(data) as Record<string, unknown>, reply: options.reply, headers: options.headers });
  }

  /** Delivers `body` (a Nest reply packet, or nothing for a status message) to the subscription matching `subject`. */
  deliver(subject: string, body: unknown, headers?: Partial<MsgHdrs>): void {
    const subscription = this.subscriptions.find((s) => subject.startsWith(s.subject.slice(0, -1)));
    const msg = { subject, data: body === undefined ? new Uint8Array() : json.encode(body), headers } as unknown as Msg;
    subscription?.callback(null, msg);
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  isClosed(): boolean {
    return this.closed;
  }

  private closed = false;

  answer(call: Published | undefined, reply: Record<string, unknown>): void {
    if (call) this.deliver(call.reply, { id: call.body['id'], ...reply });
  }
}

const connected = () => {
  const connection = new FakeConnection();
  const client = new MuxedClientNats({ servers: ['nats://127.0.0.1:1'], inboxPrefix: '_INBOX_gateway' });
  Object.assign(client, { natsClient: connection, connectionPromise: Promise.resolve(connection) });
  return { client, connection };
};

const record = (data: unknown) => new NatsRecordBuilder(data).setHeaders(natsHeaders()).build();
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('MuxedClientNats', () => {
  it('receives every call’s reply on one subscription to its own inbox, never subscribing per call', async () => {
    const { client, connection } = connected();
    const headers = natsHeaders();
    headers.set('x-correlation-id', 'c-1');
    const first = firstValueFrom(client.send('pricing.quote.v1', new NatsRecordBuilder({ weight: 3 }).setHeaders(headers).build()));
    const second = firstValueFrom(client.send('pricing.quote.v1', record({ weight: 5 })));
    await settle();
    expect(connection.subscriptions.map((s) => s.subject)).toEqual([expect.stringMatching(/^_INBOX_gateway\.\w+\.\*$/)]);
    const [one, two] = connection.published;
    expect(one).toMatchObject({ subject: 'pricing.quote.v1', body: { pattern: 'pricing.quote.v1', data: { weight: 3 } } });
    expect(one?.headers?.get('x-correlation-id')).toBe('c-1');
    expect(one?.reply).not.toBe(two?.reply);
    connection.answer(two, { response: { totalPrice: 1_050 }, isDisposed: true });
    connection.answer(one, { response: { totalPrice: 850 }, isDisposed: true });
    await expect(first).resolves.toEqual({ totalPrice: 850 });
    await expect(second).resolves.toEqual({ totalPrice: 1_050 });
  });

  it('ends a call with the answer of its reply, even when the end would come in a later message', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('pricing.quote.v1', record({})));
    await settle();
    connection.answer(connection.published[0], { response: 'first', isDisposed: false });
    await expect(reply).resolves.toBe('first');
  });

  it('hands a caller that wants text the response exactly as the service wrote it, without parsing it', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('orders.order.list.v1', Object.defineProperty(record({ userId: 'u1' }), RAW_REPLY, { value: true })));
    await settle();
    const call = connection.published[0];
    // The layout of Nest's NATS server ({ response, isDisposed, id }), with spaces a parse-and-write would drop: the
    // text must be the service's own bytes.
    const response = '{"orders": [ {"_id":"o1","receiver":{"receiver_name":"Zoë \\"Z\\" Ng"},"price":512} ]}';
    const packet = `{"response":${response},"isDisposed":true,"id":${JSON.stringify(call?.body['id'])}}`;
    connection.subscriptions[0]?.callback(null, { subject: call?.reply ?? '', data: new Uint8Array(Buffer.from(packet)), headers: undefined } as unknown as Msg);
    const text = await reply;
    expect(text).toBeInstanceOf(RawJson);
    expect((text as RawJson).text).toBe(response);
  });

  it('still hands text over when the reply is laid out otherwise, by parsing and writing it', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('orders.order.list.v1', Object.defineProperty(record({}), RAW_REPLY, { value: true })));
    await settle();
    connection.answer(connection.published[0], { response: { orders: [] }, isDisposed: true });
    expect(((await reply) as RawJson).text).toBe('{"orders":[]}');
  });

  it('gives a caller that wants text no answer at all when the reply has no response, as for any caller', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('orders.order.list.v1', Object.defineProperty(record({}), RAW_REPLY, { value: true })), { defaultValue: 'nothing' });
    await settle();
    connection.answer(connection.published[0], { isDisposed: true });
    await expect(reply).resolves.not.toBeInstanceOf(RawJson);
  });

  it('reports the service’s error to a caller that wants text as an error, not as text', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('orders.order.list.v1', Object.defineProperty(record({}), RAW_REPLY, { value: true })));
    await settle();
    const call = connection.published[0];
    connection.deliver(call?.reply ?? '', { err: { code: 'FORBIDDEN', message: 'Not yours' }, isDisposed: true, id: call?.body['id'] });
    await expect(reply).rejects.toEqual({ code: 'FORBIDDEN', message: 'Not yours' });
  });

  it('reports the service’s error as the call’s error', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('pricing.quote.v1', record({})));
    await settle();
    connection.answer(connection.published[0], { err: { code: 'NOT_FOUND', message: 'No such service' }, isDisposed: true });
    await expect(reply).rejects.toEqual({ code: 'NOT_FOUND', message: 'No such service' });
  });

  it('reports NATS’s “no responders” status as a 503 the RpcClient understands', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('nobody.home.v1', record({})));
    await settle();
    connection.deliver(connection.published[0]?.reply ?? '', undefined, { code: 503 });
    await expect(reply).rejects.toThrow('503: No responders for this subject');
  });

  it('forgets a call its caller stopped waiting for: a late reply reaches nobody', async () => {
    const { client, connection } = connected();
    const publish = (client as unknown as { publish(packet: { pattern: string; data: unknown }, callback: (packet: unknown) => void): () => void }).publish.bind(client);
    const heard = jest.fn();
    const stop = publish({ pattern: 'pricing.quote.v1', data: record({}) }, heard);
    stop();
    connection.answer(connection.published[0], { response: 'late', isDisposed: true });
    await settle();
    expect(heard).not.toHaveBeenCalled();
    await expect(firstValueFrom(client.send('pricing.quote.v1', record({})).pipe(timeout(5)))).rejects.toThrow('Timeout has occurred');
  });

  it('fails the waiting calls when the reply subscription ends, and subscribes again for the next call', async () => {
    const { client, connection } = connected();
    const waiting = firstValueFrom(client.send('pricing.quote.v1', record({})));
    await settle();
    connection.subscriptions[0]?.callback(new NatsError('permissions violation', 'PERMISSIONS_VIOLATION'), {} as Msg);
    await expect(waiting).rejects.toThrow('permissions violation');
    const next = firstValueFrom(client.send('pricing.quote.v1', record({})));
    await settle();
    expect(connection.subscriptions).toHaveLength(2);
    connection.answer(connection.published[1], { response: 'ok', isDisposed: true });
    await expect(next).resolves.toBe('ok');
  });

  it('fails the waiting calls at once when the client closes, not at their time-out', async () => {
    const { client } = connected();
    const waiting = firstValueFrom(client.send('pricing.quote.v1', record({})));
    await settle();
    await client.close();
    await expect(waiting).rejects.toThrow('The connection to NATS was closed');
  });

  it('reports an empty message that is not “no responders” as no answer, never as a reply', async () => {
    const { client, connection } = connected();
    const reply = firstValueFrom(client.send('pricing.quote.v1', record({})));
    await settle();
    connection.deliver(connection.published[0]?.reply ?? '', undefined, { code: 408 });
    await expect(reply).rejects.toThrow('There are no subscribers listening to that message (408)');
  });
});

