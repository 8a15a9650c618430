import { Test } from '@nestjs/testing';
import { ORM } from '@labeldesk/nest-orm';
import { ORDERS_ENV, ordersEnvSchema, type OrdersEnv } from '../config/env.schema';
import { CARRIER_REGISTRY, type LabelShipment } from './carrier.port';
import { PooledSandboxCarrier, carrierRegistryProvider } from './carrier.provider';
import type { CarrierRegistry } from './registry/carrier-registry';
import { GuardedCarrier } from './registry/guarded-carrier';
import { isValidImpbTrackingNumber } from './sandbox/impb';
import { defaultRenderWorkers } from './sandbox/render-pool';

const env = (vars: Record<string, string> = {}): OrdersEnv => ordersEnvSchema.parse({ DATABASE_URL: 'postgres://orders@localhost/labeldesk', CALLER_KEY: 'x'.repeat(48), CALLER_TRUST: 'gateway=key', ...vars });

/** Just enough of MikroORM for the label serial sequence. */
const fakeOrm = () => {
  let serial = 41;
  return {
    config: { get: () => 'orders' },
    em: { fork: () => ({ execute: async () => [{ serial: String(++serial) }] }) },
  };
};

const shipment: LabelShipment = {
  serviceUid: 'usps_priority',
  from: { name: 'Acme Widgets', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: null, city: 'New York', state: 'NY', zip: '10118', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widget', reference1: '1', reference2: 'SKU-1' },
};

async function registryOf(vars: Record<string, string>) {
  const moduleRef = await Test.createTestingModule({
    providers: [{ provide: ORDERS_ENV, useValue: env(vars) }, { provide: ORM, useValue: fakeOrm() }, carrierRegistryProvider],
  }).compile();
  return { moduleRef, registry: moduleRef.get<CarrierRegistry>(CARRIER_REGISTRY) };
}

const USPS_SETTINGS = {
  USPS_CLIENT_ID: 'client', USPS_CLIENT_SECRET: 'secret', USPS_CRID: '56982563', USPS_MID: '899999999', USPS_MANIFEST_MID: '899999998',
  USPS_ACCOUNT_TYPE: 'EPS', USPS_ACCOUNT_NUMBER: '1000000000',
};

async function carrierModule(vars: Record<string, string>) {
  const moduleRef = await Test.createTestingModule({
    providers: [{ provide: ORDERS_ENV, useValue: env(vars) }, { provide: ORM, useValue: fakeOrm() }, carrierRegistryProvider],
  }).compile();
  const registry = moduleRef.get<CarrierRegistry>(CARRIER_REGISTRY);
  const guarded = registry.ordered[0];
  if (!(guarded instanceof GuardedCarrier) || !(guarded.inner instanceof PooledSandboxCarrier)) throw new Error('expected the guarded pooled sandbox');
  return { moduleRef, registry, carrier: guarded.inner };
}

describe('carrierRegistryProvider', () => {
  it('turns on EasyPost then USPS in the order CARRIERS gives, each behind its guard, selling postage', async () => {
    const { moduleRef, registry } = await registryOf({ CARRIERS: 'easypost,usps', EASYPOST_API_KEY: 'EZTKtest', ...USPS_SETTINGS });
    expect(registry.ordered.map((carrier) => carrier.profile.id)).toEqual(['easypost', 'usps']);
    expect(registry.ordered.every((carrier) => carrier instanceof GuardedCarrier)).toBe(true);
    expect(registry.ordered.map((carrier) => (carrier as GuardedCarrier).inner.constructor.name)).toEqual(['EasyPostCarrierAdapter', 'UspsCarrierAdapter']);
    expect(registry.sellsPostage).toBe(true);
    expect((await registry.offerings()).map((offering) => offering.uid).sort()).toEqual(['usps_ground_advantage', 'usps_priority', 'usps_priority_express']);
    await moduleRef.close();
  });


  it('sends EasyPost\'s requests to its documented paths by default (https://api.easypost.com/v2/…), not under a doubled /v2', async () => {
    const { moduleRef, registry } = await registryOf({ CARRIERS: 'easypost', EASYPOST_API_KEY: 'EZTKtest' });
    const fetched = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"error":{"code":"INTERNAL_SERVER_ERROR","message":"down","errors":[]}}', { status: 503 }));
    try {
      const outcome = await registry.ordered[0]?.purchase(shipment, 'default-url-1', { remember: async () => undefined });
      expect(outcome?.kind).toBe('not_attempted');
      expect(String(fetched.mock.calls[0]?.[0])).toBe('https://api.easypost.com/v2/shipments');
    } finally {
      fetched.mockRestore();
      await moduleRef.close();
    }
  });

  it('turns on the sandbox alone by default, behind its guard, selling samples', async () => {
    const { moduleRef, registry } = await carrierModule({ RENDER_WORKERS: '0' });
    expect(registry.ordered.map((carrier) => carrier.profile.id)).toEqual(['sandbox']);
    expect(registry.sellsPostage).toBe(false);
    await moduleRef.close();
  });

  it('renders labels on RENDER_WORKERS worker threads and ends them when the application shuts down', async () => {
    const { moduleRef, carrier } = await carrierModule({ RENDER_WORKERS: '2' });
    expect(carrier).toBeInstanceOf(PooledSandboxCarrier);
    expect(carrier.renderPool.size).toBe(2);

    const label = await carrier.createLabel(shipment, 'order-1');
    expect(isValidImpbTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(carrier.renderPool.stats).toMatchObject({ mode: 'workers', workers: 1 });

    await moduleRef.close();
    expect(carrier.renderPool.stats.workers).toBe(0);
    // A label asked for during or after shutdown (another hook finishing its work) renders on the main thread.
    await expect(carrier.createLabel(shipment, 'order-2')).resolves.toMatchObject({ serviceUid: 'usps_priority' });
    expect(carrier.renderPool.stats.workers).toBe(0);
  });

  it('renders on the main thread with RENDER_WORKERS=0', async () => {
    const { moduleRef, carrier } = await carrierModule({ RENDER_WORKERS: '0' });
    await expect(carrier.createLabel(shipment, 'order-1')).resolves.toMatchObject({ serviceUid: 'usps_priority' });
    expect(carrier.renderPool.stats).toEqual({ mode: 'in-thread', workers: 0, busy: 0, queued: 0 });
    await moduleRef.close();
  });
});

describe('RENDER_WORKERS', () => {
  it('defaults to one worker per core (at most 8) and accepts 0..8', () => {
    expect(env().RENDER_WORKERS).toBe(defaultRenderWorkers());
    expect(defaultRenderWorkers()).toBeGreaterThanOrEqual(1);
    expect(env({ RENDER_WORKERS: '0' }).RENDER_WORKERS).toBe(0);
    expect(env({ RENDER_WORKERS: '8' }).RENDER_WORKERS).toBe(8);
  });

  it('refuses more than 8, negative and fractional values', () => {
    for (const value of ['9', '-1', '1.5', 'two']) expect(() => env({ RENDER_WORKERS: value })).toThrow();
  });
});
