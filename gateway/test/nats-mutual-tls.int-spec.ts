import { makeNatsCertificates, startNats, type NatsCertificates, type NatsServer } from '@labeldesk/testing';
import { connect, type ConnectionOptions, type NatsConnection } from 'nats';

type Process = 'gateway' | 'auth' | 'orders' | 'payments' | 'pricing' | 'address';

/** The first error the server sends a connection (a permissions violation), as nats.js reports it on its status. */
const firstError = async (nc: NatsConnection): Promise<string> => {
  for await (const status of nc.status()) if (status.type === 'error') return String(status.data);
  return 'closed without an error';
};

/**
 * deploy/nats/nats.conf requires mutual TLS (decision 035): a client is refused before its password is even read
 * unless it presents a certificate signed by the run's CA. The certificate names the account (verify_and_map,
 * decision 074): the password must be that account's.
 */
describe('NATS admits only clients with a certificate of its own CA', () => {
  let nats: NatsServer;
  let foreign: NatsCertificates;
  const as = (process: Process): ConnectionOptions => {
    const { NATS_USER, NATS_PASSWORD } = nats.credentials(process);
    return { servers: nats.url, user: String(NATS_USER), pass: String(NATS_PASSWORD), reconnect: false, timeout: 5_000 };
  };
  const asOrders = () => as('orders');

  /** The server logs a refusal a moment after the client sees it: its log is read until it does. */
  const logged = async (pattern: RegExp) => {
    while (!pattern.test(nats.log())) await new Promise((r) => setTimeout(r, 50));
    return nats.log();
  };

  beforeAll(async () => {
    nats = await startNats();
    foreign = makeNatsCertificates();
  });

  afterAll(async () => {
    await nats?.stop();
    foreign?.remove();
  });

  it('admits a process with its own certificate and password', async () => {
    const nc = await connect({ ...asOrders(), tls: nats.tls('orders') });
    await nc.flush();
    await nc.close();
  });

  it('refuses a client with the right password but without a certificate', async () => {
    const { caFile } = nats.tls('orders');
    await expect(connect({ ...asOrders(), tls: { caFile } })).rejects.toThrow();
    const refusal = /TLS handshake error: tls: client didn't provide a certificate/;
    expect(await logged(refusal)).toMatch(refusal);
  });

  it('refuses a client with the right password and a certificate from another CA', async () => {
    const { certFile, keyFile } = foreign.of('orders');
    await expect(connect({ ...asOrders(), tls: { caFile: nats.tls('orders').caFile, certFile, keyFile } })).rejects.toThrow();
    const refusal = /TLS handshake error: .*certificate signed by unknown authority/;
    expect(await logged(refusal)).toMatch(refusal);
  });

  it('refuses a client that will not speak TLS at all', async () => {
    await expect(connect({ ...asOrders(), tls: null })).rejects.toThrow();
  });

  it.each([
    ['address', 'gateway'],
    ['orders', 'gateway'],
    ['gateway', 'payments'],
    ['pricing', 'orders'],
  ] as const)("refuses a process presenting %s's certificate with %s's user and password", async (holder, other) => {
    await expect(connect({ ...as(other), tls: nats.tls(holder) })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  });

  it('refuses a certificate alone, without its password', async () => {
    await expect(connect({ servers: nats.url, tls: nats.tls('gateway'), reconnect: false, timeout: 5_000 })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: nats.url, user: 'gateway', tls: nats.tls('gateway'), reconnect: false, timeout: 5_000 })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  });

  it.each([
    ['its own user name', 'orders'],
    ["the gateway's user name, which the certificate overrides", 'gateway'],
  ])("admits orders' certificate with orders' password and %s as the orders account only: it may not publish the gateway's calls", async (_name, user) => {
    const nc = await connect({ ...as('orders'), user, tls: nats.tls('orders') });
    try {
      const refused = firstError(nc);
      // auth.user.list.v1 is the gateway's to call (an admin's user list); orders' account has no such right.
      nc.publish('auth.user.list.v1');
      expect(await refused).toBe('PERMISSIONS_VIOLATION');
      const logLine = /Publish Violation.*User "CN=orders".*Subject "auth\.user\.list\.v1"|User "CN=orders".*Publish Violation.*Subject "auth\.user\.list\.v1"/;
      expect(await logged(logLine)).toMatch(logLine);
    } finally {
      await nc.close();
    }
  });
});
