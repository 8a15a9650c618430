import { baseServiceEnvSchema, envFragments } from '@labeldesk/nest-config';
import { z } from 'zod';

export const paymentsEnvSchema = baseServiceEnvSchema
  .extend({
    /** Set all four to take real payments through BTCPay Server; leave BTCPAY_URL unset for the test provider. */
    BTCPAY_URL: z.string().url().optional(),
    BTCPAY_STORE_ID: z.string().min(1).optional(),
    BTCPAY_API_KEY: z.string().min(1).optional(),
    BTCPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
    BTCPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    /** The built-in test provider moves no real money: refused in production unless this says it is wanted. */
    PAYMENTS_TEST_PROVIDER: z.enum(['auto', 'enabled', 'disabled']).default('auto'),
    RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How often webhook events written here (balance.credited) are looked for to pass on to orders (docs/decisions/051). */
    EVENT_RELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
    TOPUP_EXPIRATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  })
  .superRefine((env, ctx) => {
    const btcpay = [env.BTCPAY_URL, env.BTCPAY_STORE_ID, env.BTCPAY_API_KEY, env.BTCPAY_WEBHOOK_SECRET];
    if (btcpay.some(Boolean) && !btcpay.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['BTCPAY_URL'], message: 'BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET go together' });
    }
    if (!env.BTCPAY_URL && env.NODE_ENV === 'production' && env.PAYMENTS_TEST_PROVIDER !== 'enabled') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS_TEST_PROVIDER'], message: 'no BTCPay configured and the test provider is refused in production (set PAYMENTS_TEST_PROVIDER=enabled to allow test money)' });
    }
  });
export type PaymentsEnv = z.output<typeof paymentsEnvSchema>;
export const PAYMENTS_ENV = Symbol('PAYMENTS_ENV');
export { envFragments };
