import type { Provider } from '@nestjs/common';
import { ORM } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ORDERS_ENV, type OrdersEnv } from '../config/env.schema';
import { CARRIER, type CarrierAdapter } from './carrier.port';
import { SandboxCarrierAdapter } from './sandbox/sandbox-carrier.adapter';

/** Serials come from a database sequence: unique across restarts and replicas. */
const nextSerialFrom = (orm: MikroORM) => async (): Promise<number> => {
  const [row] = await orm.em.fork().execute<Array<{ serial: string }>>(`select nextval('"${orm.config.get('schema')}"."label_serial_seq"') as serial`);
  return Number(row?.serial);
};

/** The configured carrier (only the sandbox exists so far). */
export const carrierProvider: Provider = {
  provide: CARRIER,
  inject: [ORDERS_ENV, ORM],
  useFactory: (env: OrdersEnv, orm: MikroORM): CarrierAdapter =>
    new SandboxCarrierAdapter({ latencyMs: env.SANDBOX_LATENCY_MS, failureRate: env.SANDBOX_FAILURE_RATE, nextSerial: nextSerialFrom(orm) }),
};
