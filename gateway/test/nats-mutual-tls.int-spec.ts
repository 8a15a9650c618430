import { makeNatsCertificates, startNats, type NatsCertificates, type NatsServer } from '@labeldesk/testing';
import { connect, type ConnectionOptions } from 'nats';

/**
 * deploy/nats/nats.conf requires mutual TLS (decision 035): a client is refused before its password is even read
 * unless it presents a certificate signed by the run's CA.
 */
describe('NATS admits only clients with a certificate of its own CA', () => {
  let nats: NatsServer;
  let foreign: NatsCertificates;
  const asOrders = (): ConnectionOptions => {
    const { NATS_USER, NATS_PASSWORD } = nats.credentials('orders');
    return { servers: nats.url, user: String(NATS_USER), pass: String(NATS_PASSWORD), reconnect: false, timeout: 5_000 };
  };

  /** The server logs a refusal a moment after the client sees it. */
  const logged = async (pattern: RegExp) => {
    for (const deadline = Date.now() + 3_000; !pattern.test(nats.log()) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
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
});
