import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { OrdersEnv } from '../config';
import { WebhookDeliverer } from './webhook-deliverer';
import type { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import type { AttemptRecord, ClaimedMessage, WebhookMessagesRepository } from './webhook-messages.repository';
import { newWebhookSecret } from './webhook-signer';

/** The outbox as the deliverer sees it: what it claims, what it records, which endpoints it disables. */
class FakeStore {
  due: ClaimedMessage[] = [];
  readonly recorded: Array<{ id: string; attempt: AttemptRecord; outcome: { delivered: boolean; nextAt?: Date | null } }> = [];
  readonly disabled: Array<{ id: string; reason: string }> = [];
  readonly messages = {
    claimDue: async () => this.due.splice(0),
    recordAttempt: async (m: ClaimedMessage, attempt: AttemptRecord, outcome: { delivered: boolean; nextAt?: Date | null }) => void this.recorded.push({ id: m.id, attempt, outcome }),
  } as unknown as WebhookMessagesRepository;
  readonly endpoints = { disable: async (id: string, reason: string) => void this.disabled.push({ id, reason }) } as unknown as WebhookEndpointsRepository;
}

const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: true, WEBHOOK_DELIVERY_SECONDS: 60, WEBHOOK_TIMEOUT_MS: 60_000 } as OrdersEnv;

describe('WebhookDeliverer', () => {
  let server: Server;
  let url: string;
  let status = 200;
  const seen: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        if (status === 302) res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        else res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    seen.length = 0;
    status = 200;
  });

  const message = (change: Partial<ClaimedMessage> = {}): ClaimedMessage => ({
    id: 'm-1',
    endpoint_id: 'e-1',
    event_id: 'label.purchased:single:o-1',
    event_type: 'label.purchased',
    body: '{"data": {"orderId": "o-1"}, "type": "label.purchased", "timestamp": "2026-11-26T10:00:00.000Z"}',
    attempts: 0,
    created_at: new Date(),
    url,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_until: null,
    ...change,
  });

  const deliver = async (m: ClaimedMessage, env: OrdersEnv = ENV) => {
    const store = new FakeStore();
    store.due = [m];
    expect(await new WebhookDeliverer(store.messages, store.endpoints, env).sweep()).toBe(1);
    return store;
  };

  it('posts the stored body signed with the endpoint secret, and records a 2xx as delivered', async () => {
    const m = message();
    const store = await deliver(m);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).toBe(m.body);
    expect(new Webhook(m.secret).verify(seen[0]?.body ?? '', seen[0]?.headers as Record<string, string>)).toMatchObject({ type: 'label.purchased' });
    expect(store.recorded).toEqual([{ id: 'm-1', attempt: { statusCode: 200, error: null, durationMs: expect.any(Number) }, outcome: { delivered: true } }]);
  });

  it('signs with both secrets while a rotation is in its 24 hours, and with the new one only after', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    await deliver(message({ secret: current, previous_secret: previous, previous_secret_until: new Date(Date.now() + 3_600_000) }));
    expect(String(seen[0]?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(previous).verify(seen[0]?.body ?? '', seen[0]?.headers as Record<string, string>)).toBeTruthy();
    await deliver(message({ secret: current, previous_secret: previous, previous_secret_until: new Date(Date.now() - 1_000) }));
    expect(String(seen[1]?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(previous).verify(seen[1]?.body ?? '', seen[1]?.headers as Record<string, string>)).toThrow();
  });

  it('disables an endpoint that answers 410 Gone and gives the message up', async () => {
    status = 410;
    const store = await deliver(message());
    expect(store.recorded[0]).toMatchObject({ attempt: { statusCode: 410 }, outcome: { delivered: false, nextAt: null } });
    expect(store.disabled).toEqual([{ id: 'e-1', reason: expect.stringContaining('410 Gone') }]);
  });

  it('does not follow a redirect: a 3xx is a failed attempt, due again 5 seconds after the event', async () => {
    status = 302;
    const created = new Date();
    const store = await deliver(message({ created_at: created }));
    expect(seen).toHaveLength(1);
    expect(store.recorded[0]).toMatchObject({ attempt: { statusCode: 302 }, outcome: { delivered: false, nextAt: new Date(created.getTime() + 5_000) } });
    expect(store.disabled).toEqual([]);
  });

  it('gives a message up when its tenth attempt fails', async () => {
    status = 500;
    const store = await deliver(message({ attempts: 9, created_at: new Date(Date.now() - 24 * 3_600_000) }));
    expect(store.recorded[0]).toMatchObject({ attempt: { statusCode: 500 }, outcome: { delivered: false, nextAt: null } });
  });

  it('sends nothing to a loopback address without WEBHOOK_ALLOW_PRIVATE_URLS, and logs why', async () => {
    const store = await deliver(message({ url: 'https://127.0.0.1/hook' }), { ...ENV, WEBHOOK_ALLOW_PRIVATE_URLS: false });
    expect(seen).toHaveLength(0);
    expect(store.recorded[0]).toMatchObject({ attempt: { statusCode: null, error: expect.stringContaining('private or reserved') }, outcome: { delivered: false } });
  });

  it('records an endpoint that does not answer in time as an error', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const store = await deliver(message({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/` }), { ...ENV, WEBHOOK_TIMEOUT_MS: 1_000 });
      expect(store.recorded[0]).toMatchObject({ attempt: { statusCode: null, error: expect.stringContaining('no answer within 1000 ms') } });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
