import { loadEnv } from '@labeldesk/nest-config';
import { authEnvSchema } from './env.schema';

const base = { DATABASE_URL: 'postgres://x@localhost/db', CALLER_KEY: 'x'.repeat(48), CALLER_TRUST: 'auth=key', JWT_SECRET: 'x'.repeat(40) };

describe('auth environment', () => {
  it('requires PUBLIC_URL over NATS, where reset links are built on it and on nothing else', () => {
    expect(() => loadEnv('auth', authEnvSchema, { ...base, TRANSPORT: 'nats' })).toThrow(/PUBLIC_URL: required/);
    expect(loadEnv('auth', authEnvSchema, { ...base, TRANSPORT: 'nats', PUBLIC_URL: 'https://labels.example.com/' }).PUBLIC_URL).toBe('https://labels.example.com');
  });

  it('defaults to the gateway\'s own default address in embedded mode, and refuses an address that is not http(s)', () => {
    expect(loadEnv('auth', authEnvSchema, { ...base, TRANSPORT: 'inprocess' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(() => loadEnv('auth', authEnvSchema, { ...base, TRANSPORT: 'inprocess', PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http/);
  });
});
