import { loadEnv } from '@labeldesk/nest-config';
import { gatewayEnvSchema } from './env.schema';

const base = { CALLER_KEY: 'x'.repeat(48), CALLER_TRUST: 'auth=key' };

describe('gateway environment', () => {
  it('refuses to start in production over NATS without its TLS certificate, naming the variables', () => {
    expect(() => loadEnv('gateway', gatewayEnvSchema, { ...base, NODE_ENV: 'production', TRANSPORT: 'nats' })).toThrow(
      /NATS_TLS_CA: required[\s\S]*NATS_TLS_CERT: required[\s\S]*NATS_TLS_KEY: required/,
    );
    expect(() => loadEnv('gateway', gatewayEnvSchema, { ...base, TRANSPORT: 'nats', NATS_TLS_CERT: __filename })).toThrow(/NATS_TLS_CA: .*go together/);
  });

  it('starts in production over NATS with the whole set', () => {
    const tls = { NATS_TLS_CA: __filename, NATS_TLS_CERT: __filename, NATS_TLS_KEY: __filename };
    expect(loadEnv('gateway', gatewayEnvSchema, { ...base, NODE_ENV: 'production', TRANSPORT: 'nats', ...tls })).toMatchObject(tls);
  });
});
