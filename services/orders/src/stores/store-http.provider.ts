import type { Provider } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { storeHttp, type StoreHttp } from './http/store-http';

export const STORE_HTTP = Symbol('STORE_HTTP');

/** The one way plugins reach stores, with the customer webhooks' outbound rules (WEBHOOK_ALLOW_PRIVATE_URLS for tests). */
export const storeHttpProvider: Provider<StoreHttp> = {
  provide: STORE_HTTP,
  inject: [ORDERS_ENV],
  useFactory: (env: OrdersEnv) => storeHttp({ allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS, timeoutMs: env.STORE_TIMEOUT_MS, tries: env.STORE_RATE_LIMITED_TRIES }),
};
