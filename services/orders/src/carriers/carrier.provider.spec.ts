import { FakeUspsServer } from '@labeldesk/testing';
import { Test } from '@nestjs/testing';
import { ORM } from '@labeldesk/nest-orm';
import { CARRIER_SETTINGS, ordersEnvWithCarriersSchema, type OrdersEnvWithCarriers } from './carrier-settings';
import { CARRIER_REGISTRY, type LabelShipment } from './carrier.port';
import { carrierRegistryProvider } from './carrier.provider';
import { PooledSandboxCarrier } from './sandbox/sandbox.plugin';
import type { CarrierRegistry } from './registry/carrier-registry';
import { GuardedCarrier } from './registry/guarded-carrier';
import { isValidImpbTrackingNumber } from './sandbox/impb';
import { defaultRenderWorkers } from './sandbox/render-pool';

const env = (vars: Record<string, string> = {}): OrdersEnvWithCarriers => ordersEnvWithCarriersSchema.parse({ DATABASE_URL: 'postgres://orders@localhost/labeldesk', CALLER_KEY: 'x'.repeat(48), CALLER_TRUST: 'gateway=key', ...vars });

/** Just enough of MikroORM for the label serial sequence: a serial per key, for each (key, requested by) pair bound. */
const fakeOrm = () => {
  let serial = 41;
  const execute = async (_sql: string, params: readonly unknown[]) =>
    params.filter((_, i) => i % 2 === 0).map((key) => ({ idempotency_key: String(key), serial: String(++serial) }));
  // The serials are inserted with bound parameters (queryBound): through the connection's knex, outside a transaction.
  const knex = { raw: async (sql: string, params: readonly unknown[]) => ({ rows: await execute(sql, params) }) };
  return {
    config: { get: () => 'orders' },
    em: { fork: () => ({ execute, getConnection: () => ({ getKnex: () => knex }), getTransactionContext: () => undefined }) },
  };
};

const shipment: LabelShipment = {
  serviceUid: 'usps_priority',
  shipper: null,
  from: { name: 'Acme Widgets', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: null, city: 'New York', state: 'NY', zip: '10118', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widget', reference1: '1', reference2: 'SKU-1' },
};

async function registryOf(vars: Record<string, string>) {
  const moduleRef = await Test.createTestingModule({
    providers: [{ provide: CARRIER_SETTINGS, useValue: env(vars) }, { provide: ORM, useValue: fakeOrm() }, carrierRegistryProvider],
  }).compile();
  return { moduleRef, registry: moduleRef.get<CarrierRegistry>(CARRIER_REGISTRY) };
}

const USPS_SETTINGS = {
  USPS_CLIENT_ID: 'client', USPS_CLIENT_SECRET: 'secret', USPS_CRID: '56982563', USPS_MID: '899999999', USPS_MANIFEST_MID: '899999998',
  USPS_ACCOUNT_TYPE: 'EPS', USPS_ACCOUNT_NUMBER: '1000000000',
};

async function carrierModule(vars: Record<string, string>) {
  const moduleRef = await Test.createTestingModule({
    providers: [{ provide: CARRIER_SETTINGS, useValue: env(vars) }, { provide: ORM, useValue: fakeOrm() }, carrierRegistryProvider],
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
    // USPS's own APIs sell its three services abroad besides (International Labels 3.3.7).
    expect((await registry.shippingServices()).map((shippingService) => shippingService.uid).sort()).toEqual([
      'usps_first_class_international',
      'usps_ground_advantage',
      'usps_priority',
      'usps_priority_express',
      'usps_priority_express_international',
      'usps_priority_international',
    ]);
    await moduleRef.close();
  });


  it('lets EasyPost have 16 purchases in flight unless EASYPOST_MAX_CONCURRENCY says otherwise', async () => {
    const byDefault = await registryOf({ CARRIERS: 'easypost', EASYPOST_API_KEY: 'EZTKtest' });
    expect(byDefault.registry.ordered[0]?.profile.maxConcurrentPurchases).toBe(16);
    await byDefault.moduleRef.close();
    const raised = await registryOf({ CARRIERS: 'easypost', EASYPOST_API_KEY: 'EZTKtest', EASYPOST_MAX_CONCURRENCY: '64' });
    expect(raised.registry.ordered[0]?.profile.maxConcurrentPurchases).toBe(64);
    await raised.moduleRef.close();
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
    expect(registry.needsShipperContact).toBe(false);
    await moduleRef.close();
  });

  it('renders labels on RENDER_WORKERS worker threads and ends them when the application shuts down', async () => {
    const { moduleRef, carrier } = await carrierModule({ RENDER_WORKERS: '2' });
    expect(carrier).toBeInstanceOf(PooledSandboxCarrier);
    expect(carrier.renderPool.size).toBe(2);

    const label = await carrier.createLabel(shipment, 'order-1');
    expect(isValidImpbTrackingNumber(label.trackingNumber)).toBe(true);
    expect(label.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
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

  describe('USPS shipper reporting', () => {
    let fake: FakeUspsServer;
    beforeAll(async () => {
      fake = new FakeUspsServer();
      await fake.start();
    });
    afterAll(() => fake.stop());

    const uspsAgainstFake = () =>
      registryOf({ CARRIERS: 'usps', ...USPS_SETTINGS, USPS_CLIENT_ID: 'fake-usps-client', USPS_CLIENT_SECRET: 'fake-usps-secret', USPS_MID: '902118475', USPS_MANIFEST_MID: '902118476', USPS_ACCOUNT_NUMBER: '1000123456', USPS_API_URL: fake.url });
    const journal = { remember: async () => undefined };
    const shipper = { accountId: 'user-7f3a', email: 'ada@example.com', phone: '614-555-0142' };

    it('asks orders for the shipper contact only when USPS is among the carriers', async () => {
      const { moduleRef, registry } = await registryOf({ CARRIERS: 'easypost,usps', EASYPOST_API_KEY: 'EZTKtest', ...USPS_SETTINGS });
      expect(registry.needsShipperContact).toBe(true);
      await moduleRef.close();
      const easyPostOnly = await registryOf({ CARRIERS: 'easypost', EASYPOST_API_KEY: 'EZTKtest' });
      expect(easyPostOnly.registry.needsShipperContact).toBe(false);
      await easyPostOnly.moduleRef.close();
    });

    it("reports the customer as the shipper of a USPS label: our user id, the e-mail and the sender's phone", async () => {
      const { moduleRef, registry } = await uspsAgainstFake();
      const outcome = await registry.ordered[0]?.purchase({ ...shipment, shipper }, 'order-shipper-1', journal);
      if (outcome?.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
      const sold = fake.labels.get(outcome.label.trackingNumber);
      expect(sold?.request.packageDescription.shipperVisibilityMethod).toBe('SENDER_INFORMATION');
      expect(sold?.request.senderAddress).toMatchObject({ platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' });
      await moduleRef.close();
    });

    it.each([
      ['no shipper at all', null],
      ['a sender without a phone', { ...shipper, phone: null }],
      ['a customer without an e-mail', { ...shipper, email: null }],
    ])('refuses a USPS label for %s in plain words, sending nothing to USPS', async (_case, without) => {
      const { moduleRef, registry } = await uspsAgainstFake();
      const before = fake.labelsSold();
      await expect(registry.ordered[0]?.purchase({ ...shipment, shipper: without }, 'order-shipper-2', journal)).resolves.toEqual({
        kind: 'refused',
        message: "USPS needs the shipper's phone and e-mail: add a phone number to the sender address",
      });
      expect(fake.labelsSold()).toBe(before);
      await moduleRef.close();
    });
  });

  describe('the label lifecycle settings', () => {
    it('gives the sandbox its SANDBOX_* settings: a manifest at once makes a void a refund request, refunds settle at once', async () => {
      const { moduleRef, registry } = await carrierModule({ RENDER_WORKERS: '0', SANDBOX_MANIFEST_AFTER_SECONDS: '0', SANDBOX_REFUND_DAYS: '0', SANDBOX_TRACKING_SHARE: '0' });
      const carrier = registry.ordered[0];
      const outcome = await carrier?.purchase(shipment, 'lifecycle-1', { remember: async () => undefined });
      if (outcome?.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
      const label = { trackingNumber: outcome.label.trackingNumber, carrierRefs: outcome.label.carrierRefs, purchasedAt: new Date(Date.now() - 1000) };
      expect(await carrier?.void(label)).toEqual({ kind: 'refund_pending', refundRef: `SBX-${label.trackingNumber}` });
      expect(await carrier?.refundStatus({ ...label, refundRef: null, requestedAt: new Date() })).toEqual({ kind: 'refunded' });
      expect((await carrier?.track(label))?.status).toBe('pre_transit');
      await moduleRef.close();
    });

    it('offers a bulk void through EasyPost only', async () => {
      const easypost = await registryOf({ CARRIERS: 'easypost', EASYPOST_API_KEY: 'EZTKtest' });
      expect(typeof easypost.registry.ordered[0]?.voidMany).toBe('function');
      await easypost.moduleRef.close();
      const sandbox = await registryOf({ RENDER_WORKERS: '0' });
      expect(sandbox.registry.ordered[0]?.voidMany).toBeUndefined();
      await sandbox.moduleRef.close();
    });
  });
});
