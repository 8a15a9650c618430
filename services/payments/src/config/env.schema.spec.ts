import { loadEnv } from '@labeldesk/nest-config';
import { paymentsEnvSchema } from './env.schema';

/** The embedded transport: these cases are about the payment provider, not NATS (whose TLS production requires). */
const base = { TRANSPORT: 'inprocess', DATABASE_URL: 'postgres://x@localhost/db', CALLER_KEY: 'x'.repeat(48), CALLER_TRUST: 'gateway=key' };
const btcpay = { BTCPAY_URL: 'https://pay.example.com', BTCPAY_STORE_ID: 'store', BTCPAY_API_KEY: 'key', BTCPAY_WEBHOOK_SECRET: 'secret-123' };

describe('payments environment', () => {
  it('uses the test provider by default outside production', () => {
    expect(loadEnv('payments', paymentsEnvSchema, base).BTCPAY_URL).toBeUndefined();
  });

  it('refuses to start in production with only test money, unless the test provider is explicitly enabled', () => {
    expect(() => loadEnv('payments', paymentsEnvSchema, { ...base, NODE_ENV: 'production' })).toThrow(/PAYMENTS_TEST_PROVIDER: no BTCPay configured/);
    expect(() => loadEnv('payments', paymentsEnvSchema, { ...base, NODE_ENV: 'production', PAYMENTS_TEST_PROVIDER: 'enabled' })).not.toThrow();
    expect(() => loadEnv('payments', paymentsEnvSchema, { ...base, NODE_ENV: 'production', ...btcpay })).not.toThrow();
  });

  it('refuses half a BTCPay configuration', () => {
    expect(() => loadEnv('payments', paymentsEnvSchema, { ...base, BTCPAY_URL: btcpay.BTCPAY_URL })).toThrow(/go together/);
  });
});
