import { WEBHOOK_EVENT_BODIES } from '@labeldesk/contracts';
import { startDistributed, startHookTimeout, type DistributedSystem } from '@labeldesk/testing';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { adminTokenOf, apiClient, newBulkCustomer, type Api } from './support/bulk-api';
import { buySingleLabel, eventually } from './support/lifecycle-api';

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A customer's receiver on loopback: `/ok` answers 200 (or holds the request open, unanswered, while `hold` is set),
 * `/gone` answers 410.
 */
const startReceiver = async () => {
  const received: Delivery[] = [];
  const held: ServerResponse[] = [];
  const state = { hold: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/gone') res.writeHead(410).end();
      else if (state.hold) held.push(res);
      else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    state,
    url: (path: string) => `${base}${path}`,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const byHand = (secret: string, headers: IncomingHttpHeaders, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest('base64')}`;

const messagesOf = async (databaseUrl: string, eventId: string) => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<{ state: string; attempts: number }>(`select state, attempts from orders.webhook_messages where event_id = $1`, [eventId])).rows;
  } finally {
    await db.end();
  }
};

/** Outgoing webhooks end to end (distributed mode): a purchase reaches the customer's receiver signed, even across a kill -9. */
describe('outgoing webhooks (distributed mode)', () => {
  let system: DistributedSystem;
  let call: Api;
  let who: { token: string; userId: string };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The orders replica running now (a restart starts a new one). */
  let ordersReplica = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    system = await startDistributed({}, { ordersEnv: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_DELIVERY_SECONDS: '1', WEBHOOK_TIMEOUT_MS: '2000' } });
    call = apiClient(system.baseUrl);
    who = await newBulkCustomer(call, await adminTokenOf(call, system), 100_000, 'hooks');
  }, startHookTimeout());

  afterAll(async () => {
    await system?.stop();
    await receiver?.close();
  }, 60_000);

  const addEndpoint = async (path: string) => {
    const created = await call('POST', '/webhooks', { url: receiver.url(path), events: ['label.purchased', 'label.voided'] }, { token: who.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url(path), enabled: true, secret: expect.stringMatching(/^whsec_/) });
    return { id: String(created.body['id']), secret: String(created.body['secret']) };
  };

  it('refuses a URL it will not call with a clear 400, and answers another user 404 for an endpoint not theirs', async () => {
    const refused = await call('POST', '/webhooks', { url: 'ftp://example.com/hook', events: ['label.purchased'] }, { token: who.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'WEBHOOKS_URL_REFUSED', message: expect.stringContaining('https://') });
    const badEvent = await call('POST', '/webhooks', { url: receiver.url('/ok'), events: ['label.sold'] }, { token: who.token });
    expect(badEvent.status).toBe(400);
    const mine = await addEndpoint('/ok');
    const stranger = await newBulkCustomer(call, await adminTokenOf(call, system), 0, 'hooks-stranger');
    expect((await call('GET', `/webhooks/${mine.id}/deliveries`, undefined, { token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `/webhooks/${mine.id}`, undefined, { token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `/webhooks/${mine.id}`, undefined, { token: who.token })).status).toBe(200);
  }, 60_000);

  it('delivers label.purchased signed per Standard Webhooks: verified by hand and by the standardwebhooks package', async () => {
    const hook = await addEndpoint('/ok');
    const label = await buySingleLabel(call, who);
    const eventId = `label.purchased:single:${label.orderId}`;
    const delivery = await eventually(async () => receiver.received.find((d) => d.headers['webhook-id'] === eventId), (d) => d !== undefined, 30_000, 'the delivery');
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['webhook-signature']).toBe(byHand(hook.secret, delivery.headers, delivery.body));
    expect(new Webhook(hook.secret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({
      type: 'label.purchased',
      data: { orderId: label.orderId, trackingNumber: label.trackingNumber, labelKind: 'single' },
    });
    const log = await eventually(
      async () => (await call('GET', `/webhooks/${hook.id}/deliveries`, undefined, { token: who.token })).body['deliveries'] as Array<Record<string, unknown>>,
      (rows) => rows.some((r) => r['messageId'] === eventId),
      10_000,
      'the delivery log',
    );
    expect(log.find((r) => r['messageId'] === eventId)).toMatchObject({ eventType: 'label.purchased', statusCode: 200, attempt: 1, messageState: 'delivered' });
    await call('DELETE', `/webhooks/${hook.id}`, undefined, { token: who.token });
  }, 90_000);

  it('signs with the old and the new secret side by side after a rotation, and sends nothing while the endpoint is disabled', async () => {
    const hook = await addEndpoint('/ok');
    const rotated = await call('POST', `/webhooks/${hook.id}/rotate-secret`, undefined, { token: who.token });
    expect(rotated.status).toBe(200);
    const newSecret = String(rotated.body['secret']);
    expect(newSecret).not.toBe(hook.secret);
    expect(rotated.body['previousSecretUntil']).toEqual(expect.any(String));
    const label = await buySingleLabel(call, who);
    const delivery = await eventually(async () => receiver.received.find((d) => d.headers['webhook-id'] === `label.purchased:single:${label.orderId}`), (d) => d !== undefined, 30_000, 'the delivery');
    if (!delivery) throw new Error('no delivery');
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [newSecret, hook.secret]) expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({ type: 'label.purchased' });

    const disabled = await call('PATCH', `/webhooks/${hook.id}`, { enabled: false }, { token: who.token });
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: 'Turned off by its owner' });
    const quiet = await buySingleLabel(call, who);
    // A purchase queues its messages in its own statement (decision 051): once it has answered, a disabled endpoint
    // either has a message to be sent or never will. None queued means none sent, with no wait for a delivery.
    expect(await messagesOf(system.databaseUrl, `label.purchased:single:${quiet.orderId}`)).toEqual([]);
    const enabled = await call('PATCH', `/webhooks/${hook.id}`, { enabled: true, events: ['label.voided'] }, { token: who.token });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, events: ['label.voided'] });
    await call('DELETE', `/webhooks/${hook.id}`, undefined, { token: who.token });
  }, 90_000);

  it('delivers an event whose orders process was killed (-9) before it was delivered, once the process is back', async () => {
    const hook = await addEndpoint('/ok');
    receiver.state.hold = true;
    const label = await buySingleLabel(call, who);
    const eventId = `label.purchased:single:${label.orderId}`;
    // The event is written and its delivery is in flight, unanswered: the process dies.
    await eventually(async () => receiver.received.some((d) => d.headers['webhook-id'] === eventId), (seen) => seen, 30_000, 'the first attempt');
    await system.killOrders(ordersReplica);
    expect(await messagesOf(system.databaseUrl, eventId)).toEqual([{ state: 'pending', attempts: 0 }]);
    receiver.state.hold = false;
    ordersReplica = await system.startOrders();

    await eventually(() => messagesOf(system.databaseUrl, eventId), (rows) => rows[0]?.state === 'delivered', 60_000, 'the delivery after the restart');
    const copies = receiver.received.filter((d) => d.headers['webhook-id'] === eventId);
    // At least once: the receiver saw it twice, with the same id to de-duplicate by, both signed.
    expect(copies.length).toBeGreaterThanOrEqual(2);
    for (const copy of copies) expect(new Webhook(hook.secret).verify(copy.body, copy.headers as Record<string, string>)).toMatchObject({ type: 'label.purchased' });
    await call('DELETE', `/webhooks/${hook.id}`, undefined, { token: who.token });
  }, 180_000);

  it('relays balance.credited from payments to the receiver, also when orders was down when the deposit was credited', async () => {
    const created = await call('POST', '/webhooks', { url: receiver.url('/ok'), events: ['balance.credited'] }, { token: who.token });
    expect(created.status).toBe(201);
    const secret = String(created.body['secret']);
    await system.killOrders(ordersReplica);
    const invoice = await call('GET', `/payment/top-up/${who.userId}?amount=2500`, undefined, { token: who.token });
    expect(invoice.status).toBe(200);
    const invoiceId = String(invoice.body['id']);
    expect((await call('POST', `/payment/test-invoices/${invoiceId}/pay`, { outcome: 'paid' }, { token: who.token })).status).toBe(200);
    ordersReplica = await system.startOrders();

    const eventId = `balance.credited:deposit:${invoiceId}`;
    const delivery = await eventually(async () => receiver.received.find((d) => d.headers['webhook-id'] === eventId), (d) => d !== undefined, 60_000, 'balance.credited');
    if (!delivery) throw new Error('no delivery');
    expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({
      type: 'balance.credited',
      data: { kind: 'deposit', invoiceId, amountCents: 2500 },
    });
    await call('DELETE', `/webhooks/${String(created.body['id'])}`, undefined, { token: who.token });
  }, 120_000);

  it('disables an endpoint that answers 410 Gone, saying why', async () => {
    const hook = await addEndpoint('/gone');
    await buySingleLabel(call, who);
    const endpoint = await eventually(
      async () => ((await call('GET', '/webhooks', undefined, { token: who.token })).body['webhooks'] as Array<Record<string, unknown>>).find((w) => w['id'] === hook.id),
      (w) => w?.['enabled'] === false,
      30_000,
      'the endpoint disabled',
    );
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('410 Gone') });
  }, 60_000);

  it('delivered every body as the OpenAPI document publishes its event (no field missing, mistyped or undocumented)', () => {
    const bodies = receiver.received.map((d) => JSON.parse(d.body) as { type: keyof typeof WEBHOOK_EVENT_BODIES; data: Record<string, unknown> });
    expect(new Set(bodies.map((b) => b.type))).toEqual(new Set(['label.purchased', 'balance.credited']));
    const wrong = bodies.flatMap((body) => {
      const schema = WEBHOOK_EVENT_BODIES[body.type];
      const parsed = schema.safeParse(body);
      const documented = Object.keys((schema.shape['data'] as typeof schema).shape);
      const undocumented = Object.keys(body.data).filter((key) => !documented.includes(key));
      return [...(parsed.success ? [] : [`${body.type}: ${parsed.error.message}`]), ...undocumented.map((key) => `${body.type}: data.${key} is not documented`)];
    });
    expect(wrong).toEqual([]);
  });
});
