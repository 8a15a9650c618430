import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { ORM, queryBound, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { Coalescer } from '../database';
import { CARRIER_REGISTRY, type CarrierAdapter, type CarrierId } from './carrier.port';
import { EasyPostCarrierAdapter } from './easypost/easypost.adapter';
import { UspsCarrierAdapter } from './usps/usps.adapter';
import { uspsShipperOf } from './usps/usps.mapper';
import { CarrierRegistry } from './registry/carrier-registry';
import { GuardedCarrier } from './registry/guarded-carrier';
import { LabelRenderPool } from './sandbox/render-pool';
import { SandboxCarrierAdapter, type SandboxCarrierOptions } from './sandbox/sandbox-carrier.adapter';

/**
 * Serials come from a database sequence, one per idempotency key for ever: like a real carrier, the sandbox answers
 * the same label to the same key after a restart and on another replica. `sandbox_labels` is the sandbox's own
 * record of the labels it issued (and which process asked), so tests can count labels created.
 */
const serialForKey = (orm: MikroORM) => {
  const requestedBy = `${hostname()}:${process.pid}`;
  // One statement for the labels issued in the same turn (Coalescer); a key twice in a group is asked once, as
  // "on conflict do update" may not touch a row twice in one statement.
  const serials = new Coalescer<string, number>(async (keys) => {
    const distinct = [...new Set(keys)];
    // Its commit waits for the disk (not decision 061's way): the sequence logs its advance ahead and only this commit
    // flushes that record, so a database restart under a running process could hand a serial out twice.
    const rows = await queryBound<{ idempotency_key: string; serial: string }>(
      orm.em.fork(),
      `insert into ${schemaTable(orm, 'sandbox_labels')} ("idempotency_key", "serial", "requested_by")
       values ${distinct.map(() => `(?, nextval('${schemaTable(orm, 'label_serial_seq')}'), ?)`).join(', ')}
       on conflict ("idempotency_key") do update set "idempotency_key" = excluded."idempotency_key" returning "idempotency_key", "serial"`,
      distinct.flatMap((key) => [key, requestedBy]),
    );
    const byKey = new Map(rows.map((row) => [row.idempotency_key, Number(row.serial)]));
    return keys.map((key) => {
      const serial = byKey.get(key);
      if (serial === undefined) throw new Error(`no serial was issued for ${key}`);
      return serial;
    });
  });
  return (idempotencyKey: string): Promise<number> => serials.run(idempotencyKey);
};

const issuedSerial = (orm: MikroORM) => async (idempotencyKey: string): Promise<number | null> => {
  const [row] = await orm.em.fork().execute<Array<{ serial: string }>>(`select "serial" from ${schemaTable(orm, 'sandbox_labels')} where "idempotency_key" = ?`, [idempotencyKey]);
  return row ? Number(row.serial) : null;
};

/**
 * The sandbox carrier rendering on its own LabelRenderPool; the registry ends the pool's workers when the
 * application closes.
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

/** The registry of the application: closing the application closes what its carriers hold (worker threads). */
export class ServiceCarrierRegistry extends CarrierRegistry implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    for (const carrier of this.ordered) {
      const inner = carrier instanceof GuardedCarrier ? carrier.inner : carrier;
      if (inner instanceof PooledSandboxCarrier) await inner.onApplicationShutdown();
    }
  }
}

const required = (value: string | undefined, name: string): string => {
  if (value === undefined) throw new Error(`${name} is required by CARRIERS`);
  return value;
};

const makeCarrier = (id: CarrierId, env: OrdersEnv, orm: MikroORM): CarrierAdapter => {
  switch (id) {
    case 'sandbox':
      return new PooledSandboxCarrier(
        {
          latencyMs: env.SANDBOX_LATENCY_MS,
          failureRate: env.SANDBOX_FAILURE_RATE,
          nextSerial: serialForKey(orm),
          issuedSerial: issuedSerial(orm),
          lifecycle: {
            manifestAfterSeconds: env.SANDBOX_MANIFEST_AFTER_SECONDS ?? null,
            trackingShare: env.SANDBOX_TRACKING_SHARE,
            scanAfterSeconds: env.SANDBOX_SCAN_AFTER_SECONDS,
            refundDays: env.SANDBOX_REFUND_DAYS,
          },
        },
        new LabelRenderPool({ workers: env.RENDER_WORKERS }),
      );
    case 'easypost':
      // The settings were checked at start (CARRIER_SETTINGS): a missing key stops the process before this runs.
      return new EasyPostCarrierAdapter({
        apiKey: required(env.EASYPOST_API_KEY, 'EASYPOST_API_KEY'),
        apiUrl: env.EASYPOST_API_URL,
        timeoutMs: env.CARRIER_TIMEOUT_MS,
        maxConcurrentPurchases: env.EASYPOST_MAX_CONCURRENCY,
      });
    case 'usps':
      return new UspsCarrierAdapter({
        clientId: required(env.USPS_CLIENT_ID, 'USPS_CLIENT_ID'),
        clientSecret: required(env.USPS_CLIENT_SECRET, 'USPS_CLIENT_SECRET'),
        apiUrl: env.USPS_API_URL,
        crid: required(env.USPS_CRID, 'USPS_CRID'),
        mid: required(env.USPS_MID, 'USPS_MID'),
        manifestMid: required(env.USPS_MANIFEST_MID, 'USPS_MANIFEST_MID'),
        accountType: required(env.USPS_ACCOUNT_TYPE, 'USPS_ACCOUNT_TYPE') as 'EPS' | 'PERMIT',
        accountNumber: required(env.USPS_ACCOUNT_NUMBER, 'USPS_ACCOUNT_NUMBER'),
        ...(env.USPS_PERMIT_ZIP ? { permitZip: env.USPS_PERMIT_ZIP } : {}),
        timeoutMs: env.CARRIER_TIMEOUT_MS,
        shipperOf: uspsShipperOf,
        refundSettleDays: env.USPS_REFUND_SETTLE_DAYS,
      });
  }
};

/** The carriers `CARRIERS` names, in its order, each behind its own limits and circuit breaker. */
export const carrierRegistryProvider: Provider = {
  provide: CARRIER_REGISTRY,
  inject: [ORDERS_ENV, ORM],
  useFactory: (env: OrdersEnv, orm: MikroORM): CarrierRegistry =>
    new ServiceCarrierRegistry(env.CARRIERS.map((id) => new GuardedCarrier(makeCarrier(id, env, orm)))),
};
