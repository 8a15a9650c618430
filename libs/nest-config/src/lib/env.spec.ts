import { z } from 'zod';
import { baseServiceEnvSchema, EnvironmentError, loadEnv } from './env';

/** Long enough for the schema; whether it is a real key is callerKeysFromEnv's check. */
const KEY = 'x'.repeat(48);

describe('loadEnv', () => {
  it('applies defaults and coerces numbers', () => {
    const env = loadEnv('auth', baseServiceEnvSchema, { DATABASE_URL: 'postgres://x@localhost/db', CALLER_KEY: KEY, CALLER_TRUST: 'gateway=key', RPC_TIMEOUT_MS: '2500' });
    expect(env).toMatchObject({ TRANSPORT: 'nats', RPC_TIMEOUT_MS: 2500, DB_POOL_MAX: 5, LOG_FORMAT: 'json' });
  });

  it('lists every invalid variable in one clear message', () => {
    const attempt = () => loadEnv('auth', baseServiceEnvSchema, { DATABASE_URL: 'mysql://nope', TRANSPORT: 'carrier-pigeon' });
    expect(attempt).toThrow(EnvironmentError);
    expect(attempt).toThrow(/auth: invalid environment:[\s\S]*TRANSPORT[\s\S]*DATABASE_URL: must be a postgres/);
  });

  it('requires every service\'s own CALLER_KEY (a token between two parties is keyed by both), and refuses a short one', () => {
    expect(() => loadEnv('auth', baseServiceEnvSchema, { DATABASE_URL: 'postgres://x@localhost/db', CALLER_TRUST: 'gateway=key' })).toThrow(/CALLER_KEY/);
    expect(() => loadEnv('auth', baseServiceEnvSchema, { DATABASE_URL: 'postgres://x@localhost/db', CALLER_TRUST: 'gateway=key', CALLER_KEY: '' })).toThrow(/CALLER_KEY: must be a base64/);
    expect(() => loadEnv('auth', baseServiceEnvSchema, { DATABASE_URL: 'postgres://x@localhost/db', CALLER_TRUST: 'gateway=key', CALLER_KEY: 'short' })).toThrow(/CALLER_KEY: must be a base64/);
  });

  it('names a missing required variable', () => {
    expect(() => loadEnv('svc', z.object({ SECRET: z.string() }), {})).toThrow(/SECRET/);
  });
});
