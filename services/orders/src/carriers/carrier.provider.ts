import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';
import { ORDERS_ENV, type OrdersEnv } from '../config/env.schema';
import { CARRIER, type LegacyCarrierAdapter } from './carrier.port';
import { LabelRenderPool } from './sandbox/render-pool';
import { SandboxCarrierAdapter, type SandboxCarrierOptions } from './sandbox/sandbox-carrier.adapter';

/**
 * Serials come from a database sequence, one per idempotency key for ever: like a real carrier, the sandbox answers
 * the same label to the same key after a restart and on another replica. `sandbox_labels` is the sandbox's own
 * record of the labels it issued (and which process asked), so tests can count labels created.
 */
const serialForKey = (orm: MikroORM) => async (idempotencyKey: string): Promise<number> => {
  const [row] = await orm.em.fork().execute<Array<{ serial: string }>>(
    `insert into ${schemaTable(orm, 'sandbox_labels')} ("idempotency_key", "serial", "requested_by") values (?, nextval('${schemaTable(orm, 'label_serial_seq')}'), ?)
     on conflict ("idempotency_key") do update set "idempotency_key" = excluded."idempotency_key" returning "serial"`,
    [idempotencyKey, `${hostname()}:${process.pid}`],
  );
  return Number(row?.serial);
};

/**
 * The sandbox carrier rendering on its own LabelRenderPool. Nest calls lifecycle hooks on a factory's value too,
 * so closing the application terminates the pool's workers.
 */
export class PooledSandboxCarrier extends SandboxCarrierAdapter implements OnApplicationShutdown {
  constructor(
    options: Omit<SandboxCarrierOptions, 'render'>,
    readonly renderPool: LabelRenderPool,
  ) {
    super({ ...options, render: (input) => renderPool.render(input) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.renderPool.close();
  }
}

/** The configured carrier (only the sandbox exists so far). */
export const carrierProvider: Provider = {
  provide: CARRIER,
  inject: [ORDERS_ENV, ORM],
  useFactory: (env: OrdersEnv, orm: MikroORM): LegacyCarrierAdapter =>
    new PooledSandboxCarrier(
      { latencyMs: env.SANDBOX_LATENCY_MS, failureRate: env.SANDBOX_FAILURE_RATE, nextSerial: serialForKey(orm) },
      new LabelRenderPool({ workers: env.RENDER_WORKERS }),
    ),
};
