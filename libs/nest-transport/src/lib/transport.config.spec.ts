import { natsConnectionOptions, transportFromEnv } from './transport.config';

const env = { TRANSPORT: 'nats' as const, NATS_URL: 'nats://nats.labeldesk.svc:4222', NATS_USER: 'orders', NATS_PASSWORD: 'orders-password-123' };
const tlsEnv = { NATS_TLS_CA: '/etc/labeldesk/nats-ca/ca.crt', NATS_TLS_CERT: '/etc/labeldesk/nats-tls/tls.crt', NATS_TLS_KEY: '/etc/labeldesk/nats-tls/tls.key' };

describe('the NATS connection a process opens', () => {
  it('presents the process\'s own certificate and trusts only the configured CA when the TLS files are set', () => {
    const config = transportFromEnv({ ...env, ...tlsEnv }, 'orders');
    if (config.kind !== 'nats') throw new Error('expected a NATS transport');

    expect(natsConnectionOptions(config)).toEqual({
      user: 'orders',
      pass: 'orders-password-123',
      inboxPrefix: '_INBOX_orders',
      tls: { caFile: tlsEnv.NATS_TLS_CA, certFile: tlsEnv.NATS_TLS_CERT, keyFile: tlsEnv.NATS_TLS_KEY },
    });
  });

  it('asks for no TLS without the files (a bare development server), and no NATS at all in the embedded mode', () => {
    const config = transportFromEnv(env, 'orders');
    if (config.kind !== 'nats') throw new Error('expected a NATS transport');

    expect(natsConnectionOptions(config)).not.toHaveProperty('tls');
    expect(transportFromEnv({ ...env, ...tlsEnv, TRANSPORT: 'inprocess' }, 'orders')).toEqual({ kind: 'inprocess' });
  });
});
