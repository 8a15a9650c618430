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

  describe('NATS mutual TLS files', () => {
    const base = { DATABASE_URL: 'postgres://x@localhost/db', CALLER_KEY: KEY, CALLER_TRUST: 'gateway=key' };
    /** Any readable file stands for a PEM here: whether it is one is the TLS handshake's check. */
    const tls = { NATS_TLS_CA: __filename, NATS_TLS_CERT: __filename, NATS_TLS_KEY: __filename };

    it('refuses half a set over NATS, naming each missing variable', () => {
      const attempt = () => loadEnv('auth', baseServiceEnvSchema, { ...base, TRANSPORT: 'nats', NATS_TLS_CA: __filename });
      expect(attempt).toThrow(/NATS_TLS_CERT: NATS_TLS_CA, NATS_TLS_CERT and NATS_TLS_KEY go together/);
      expect(attempt).toThrow(/NATS_TLS_KEY: NATS_TLS_CA, NATS_TLS_CERT and NATS_TLS_KEY go together/);
    });

    it('requires the set in production over NATS, and not in the embedded mode', () => {
      expect(() => loadEnv('auth', baseServiceEnvSchema, { ...base, NODE_ENV: 'production', TRANSPORT: 'nats' })).toThrow(
        /NATS_TLS_CA: required in production with TRANSPORT=nats[\s\S]*NATS_TLS_CERT[\s\S]*NATS_TLS_KEY/,
      );
      expect(loadEnv('auth', baseServiceEnvSchema, { ...base, NODE_ENV: 'production', TRANSPORT: 'nats', ...tls })).toMatchObject(tls);
      expect(() => loadEnv('auth', baseServiceEnvSchema, { ...base, NODE_ENV: 'production', TRANSPORT: 'inprocess' })).not.toThrow();
    });

    it('refuses a path it cannot read at boot rather than at the first connection', () => {
      expect(() => loadEnv('auth', baseServiceEnvSchema, { ...base, ...tls, NATS_TLS_KEY: '/nonexistent/auth-key.pem' })).toThrow(
        /NATS_TLS_KEY: must be the path of a readable file/,
      );
    });
  });
});
