import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentsEnv } from '../config/env.schema';
import { BtcpayClient } from './btcpay/btcpay.client';
import type { PaymentProvider } from './payment-provider.port';
import { TestPaymentProvider } from './test/test-payment.provider';

/** BTCPay when it is configured; otherwise the test provider (the env schema refuses that in production unless enabled). */
export const createPaymentProvider = (env: PaymentsEnv, orm: MikroORM): PaymentProvider => {
  if (env.BTCPAY_URL && env.BTCPAY_STORE_ID && env.BTCPAY_API_KEY && env.BTCPAY_WEBHOOK_SECRET) {
    return new BtcpayClient({ url: env.BTCPAY_URL, storeId: env.BTCPAY_STORE_ID, apiKey: env.BTCPAY_API_KEY, webhookSecret: env.BTCPAY_WEBHOOK_SECRET, timeoutMs: env.BTCPAY_TIMEOUT_MS });
  }
  new Logger('payments').warn('No BTCPay Server configured: top-ups use the built-in TEST provider (no real money)');
  return new TestPaymentProvider(orm);
};
