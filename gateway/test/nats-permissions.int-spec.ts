import { startNats, type NatsServer } from '@labeldesk/testing';
import { connect, type NatsConnection } from 'nats';

/** The permission errors the server sends a connection, as nats.js reports them (asynchronously, on its status). */
const violations = (nc: NatsConnection): string[] => {
  const seen: string[] = [];
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'error') seen.push(String(status.data));
  })();
  return seen;
};

/** The server's own account of what it refused (user, kind, subject); a user is named by its certificate (decision 074). */
const refusedBy = (nats: NatsServer, user: string) =>
  nats
    .log()
    .split('\n')
    .filter((line) => line.includes(`User "CN=${user}"`) && /Violation/.test(line))
    .map((line) => /(Publish|Subscription) Violation.*Subject "([^"]+)"/.exec(line)?.slice(1, 3).join(' ') ?? line);

/**
 * Waits for the refusals to have come back (to the client as errors, to the server's log as violations): a state, not
 * a number of milliseconds. The deadline only ends a test whose refusals never come.
 */
const until = async (met: () => boolean): Promise<void> => {
  const deadline = Date.now() + 20_000;
  while (!met() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};
const refusedAll = (nats: NatsServer, user: string, expected: readonly string[]) => () => expected.every((line) => refusedBy(nats, user).includes(line));

/** deploy/nats/nats.conf, the configuration distributed mode and these tests run with. */
describe('NATS lets each process sign in as itself and use only its own subjects', () => {
  let nats: NatsServer;
  const open: NatsConnection[] = [];
  const signIn = async (user: 'orders' | 'payments' | 'gateway' | 'pricing' | 'auth' | 'address') => {
    const { NATS_USER, NATS_PASSWORD } = nats.credentials(user);
    const nc = await connect({ servers: nats.url, user: String(NATS_USER), pass: String(NATS_PASSWORD), inboxPrefix: `_INBOX_${user}`, tls: nats.tls(user), reconnect: false });
    open.push(nc);
    return nc;
  };

  beforeAll(async () => {
    nats = await startNats();
  });

  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close()));
    await nats.stop();
  });

  it('refuses a client without credentials, and one with a wrong password, even with a valid certificate', async () => {
    await expect(connect({ servers: nats.url, tls: nats.tls('orders'), reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: nats.url, user: 'orders', pass: 'not-the-password', tls: nats.tls('orders'), reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  });

  it('refuses the orders account setting a balance, listing users or crediting through subjects it does not call', async () => {
    const nc = await signIn('orders');
    const errors = violations(nc);
    nc.publish('payments.ledger.adjust.v1');
    nc.publish('auth.user.list.v1');
    nc.publish('payments.top-up.create.v1');
    const refused = ['Publish payments.ledger.adjust.v1', 'Publish auth.user.list.v1', 'Publish payments.top-up.create.v1'];
    await until(() => errors.length >= 3 && refusedAll(nats, 'orders', refused)());
    expect(errors).toEqual(['PERMISSIONS_VIOLATION', 'PERMISSIONS_VIOLATION', 'PERMISSIONS_VIOLATION']);
    expect(refusedBy(nats, 'orders')).toEqual(expect.arrayContaining(refused));
  });

  it('refuses a service listening to another service\'s subjects or reading another process\'s replies', async () => {
    const nc = await signIn('orders');
    const errors = violations(nc);
    nc.subscribe('payments.>');
    nc.subscribe('_INBOX_gateway.>');
    nc.subscribe('_INBOX.>');
    const refused = ['Subscription payments.>', 'Subscription _INBOX_gateway.>', 'Subscription _INBOX.>'];
    await until(() => errors.length >= 3 && refusedAll(nats, 'orders', refused)());
    expect(errors).toHaveLength(3);
    expect(refusedBy(nats, 'orders')).toEqual(expect.arrayContaining(refused));
  });

  it('lets payments publish nothing but its replies, its account-changed event and the webhook events it relays to orders', async () => {
    const nc = await signIn('payments');
    const errors = violations(nc);
    nc.publish('payments.ledger.credit.v1');
    nc.publish('orders.bulk.progressed.v1');
    nc.publish('orders.webhooks.create.v1');
    nc.publish('payments.account.changed.v1', JSON.stringify({ data: { userId: '00000000-0000-4000-8000-000000000000' } }));
    nc.publish('orders.webhooks.relay-event.v1', JSON.stringify({ data: {} }));
    const refused = ['Publish payments.ledger.credit.v1', 'Publish orders.bulk.progressed.v1', 'Publish orders.webhooks.create.v1'];
    await until(() => errors.length >= 3 && refusedAll(nats, 'payments', refused)());
    // Every publish has reached the server once this round trip is back: the allowed two would have been refused by now.
    await nc.flush();
    expect(errors).toHaveLength(3);
    expect(refusedBy(nats, 'payments')).toEqual(expect.arrayContaining(refused));
  });

  it.each([
    ['gateway', 'payments.ledger.credit.v1', 'orders.bulk.progressed.v1', 'payments.>'],
    ['auth', 'payments.ledger.credit.v1', 'pricing.quote.create.v1', 'orders.>'],
    ['payments', 'auth.user.list.v1', '_INBOX_gateway.forged', 'auth.>'],
    ['pricing', 'payments.ledger.debit.v1', 'payments.ledger.adjust.v1', 'orders.>'],
    ['address', 'payments.ledger.credit.v1', 'auth.user.list.v1', 'payments.>'],
  ] as const)('refuses the %s account two subjects it does not call and another service\'s traffic', async (user, notItsCall, notItsOther, notItsSubjects) => {
    const nc = await signIn(user);
    const errors = violations(nc);
    nc.publish(notItsCall);
    nc.publish(notItsOther);
    nc.subscribe(notItsSubjects);
    const refused = [`Publish ${notItsCall}`, `Publish ${notItsOther}`, `Subscription ${notItsSubjects}`];
    await until(() => errors.length >= 3 && refusedAll(nats, user, refused)());
    expect(errors).toHaveLength(3);
    expect(refusedBy(nats, user)).toEqual(expect.arrayContaining(refused));
  });

  it("lets only gateways tell each other their API keys' usage, which no service may send or hear", async () => {
    const sent = 'gateway.api-key.usage.v1';
    const gateway = await signIn('gateway');
    const heard: string[] = [];
    gateway.subscribe(sent, { callback: (_error, message) => heard.push(new TextDecoder().decode(message.data)) });
    await gateway.flush();
    const other = await signIn('gateway');
    other.publish(sent, '{"from":"gateway"}');
    await other.flush();
    const services = ['auth', 'orders', 'payments', 'pricing', 'address'] as const;
    for (const user of services) {
      const nc = await signIn(user);
      nc.publish(sent, `{"from":"${user}"}`);
      nc.subscribe(sent);
      // The server has handled the publish once this round trip is back: routed to the gateway or refused.
      await nc.flush();
    }
    await until(() => services.every((user) => refusedAll(nats, user, [`Publish ${sent}`, `Subscription ${sent}`])()));
    // Whatever the server routed to the gateway's connection came before the answer to this round trip.
    await gateway.flush();
    expect(heard).toEqual(['{"from":"gateway"}']);
    for (const user of services) {
      expect(refusedBy(nats, user)).toEqual(expect.arrayContaining([`Publish ${sent}`, `Subscription ${sent}`]));
    }
  });

  it('carries the calls a service does make, request and reply', async () => {
    const payments = await signIn('payments');
    payments.subscribe('payments.account.summary.v1', { callback: (_error, message) => message.respond(new TextEncoder().encode('{"ok":true}')) });
    await payments.flush();
    const orders = await signIn('orders');
    const reply = await orders.request('payments.account.summary.v1', new TextEncoder().encode('{}'), { timeout: 2_000 });
    expect(new TextDecoder().decode(reply.data)).toBe('{"ok":true}');
  });

  it("carries orders' question to address for a seller's SKUs (the inbox's batch, decision 121), which the gateway may not ask", async () => {
    const address = await signIn('address');
    address.subscribe('address.sku.for-orders.v1', { callback: (_error, message) => message.respond(new TextEncoder().encode('{"SkuData":[]}')) });
    await address.flush();
    const orders = await signIn('orders');
    const reply = await orders.request('address.sku.for-orders.v1', new TextEncoder().encode('{"userId":"u1"}'), { timeout: 2_000 });
    expect(new TextDecoder().decode(reply.data)).toBe('{"SkuData":[]}');
    const gateway = await signIn('gateway');
    const errors = violations(gateway);
    gateway.publish('address.sku.for-orders.v1');
    await until(() => errors.length >= 1 && refusedAll(nats, 'gateway', ['Publish address.sku.for-orders.v1'])());
    expect(refusedBy(nats, 'gateway')).toContain('Publish address.sku.for-orders.v1');
  });

  it("carries orders' question to auth for a shipper's e-mail (USPS labels name each shipper)", async () => {
    const auth = await signIn('auth');
    auth.subscribe('auth.user.contact.v1', { callback: (_error, message) => message.respond(new TextEncoder().encode('{"email":"ada@example.com"}')) });
    await auth.flush();
    const orders = await signIn('orders');
    const reply = await orders.request('auth.user.contact.v1', new TextEncoder().encode('{"userId":"u1"}'), { timeout: 2_000 });
    expect(new TextDecoder().decode(reply.data)).toBe('{"email":"ada@example.com"}');
  });
});
