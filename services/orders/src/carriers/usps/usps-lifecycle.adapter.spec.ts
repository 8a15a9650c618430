import { FAKE_USPS_ACCOUNT, FakeUspsServer, uspsSpecs } from '@labeldesk/testing';
import type { LabelToVoid, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { UspsCarrierAdapter, type UspsCarrierOptions } from './usps.adapter';
import { USPS_TEST_SHIPPER, uspsTestShipment } from './usps-fixtures';

const DAY = 86_400_000;
const shipment = uspsTestShipment();

let fake: FakeUspsServer;
let now: number;
let keys = 0;
const adapter = (overrides: Partial<UspsCarrierOptions> = {}) =>
  new UspsCarrierAdapter({
    apiUrl: fake.url,
    ...FAKE_USPS_ACCOUNT,
    // No case here waits for a time-out (a stopped fake refuses the connection at once): a slow machine must not fail them.
    timeoutMs: 60_000,
    now: () => new Date(now),
    shipperOf: () => USPS_TEST_SHIPPER,
    ...overrides,
  });
const bought = (outcome: PurchaseOutcome) => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};
const sold = async (usps: UspsCarrierAdapter): Promise<LabelToVoid> => {
  const label = bought(await usps.purchase(shipment, `usps-lifecycle-${++keys}`, new MemoryJournal()));
  return { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date(now) };
};

// Reading and compiling USPS's specs (which the fake checks every request against) takes seconds on a busy machine:
// done once for the file, before the cases, so the first case's setup does not spend its time limit on it.
beforeAll(() => void uspsSpecs(), 60_000);

beforeEach(async () => {
  now = Date.parse('2026-11-20T15:00:00Z');
  fake = new FakeUspsServer({ now: () => new Date(now) });
  await fake.start();
});
afterEach(async () => {
  fake.up();
  await fake.stop();
});

describe('UspsCarrierAdapter: tracking', () => {
  it('asks Tracking v3 with the bearer token only, and reads a fresh label as label created', async () => {
    const usps = adapter();
    const label = await sold(usps);
    const report = await usps.track(label);
    expect(report).toEqual({ status: 'pre_transit', events: [{ status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', occurredAt: new Date(now), location: null }] });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'GET', path: `/tracking/v3/tracking/${label.trackingNumber}` });
    expect(request?.headers.authorization).toMatch(/^Bearer /);
    expect(request?.headers['x-payment-authorization-token']).toBeUndefined();
  });

  it('reports scans oldest first with their place, the status following the latest', async () => {
    const usps = adapter();
    const label = await sold(usps);
    fake.addScan(label.trackingNumber, 'accepted', { at: new Date(now + 3_600_000), city: 'COLUMBUS', state: 'OH', zip: '43215' });
    fake.addScan(label.trackingNumber, 'delivered', { at: new Date(now + 2 * DAY), city: 'NEW YORK', state: 'NY', zip: '10118' });
    const report = await usps.track(label);
    expect(report?.status).toBe('delivered');
    expect(report?.events.map(({ status, location }) => ({ status, location }))).toEqual([
      { status: 'pre_transit', location: null },
      { status: 'in_transit', location: 'COLUMBUS, OH 43215' },
      { status: 'delivered', location: 'NEW YORK, NY 10118' },
    ]);
  });

  it('answers null for a number USPS does not know, a 5xx, or no connection', async () => {
    const usps = adapter();
    const label = await sold(usps);
    expect(await usps.track({ ...label, trackingNumber: '9205590000000000000000' })).toBeNull();
    fake.failNextWith(503);
    expect(await usps.track(label)).toBeNull();
    fake.down();
    expect(await usps.track(label)).toBeNull();
  });
});

describe('UspsCarrierAdapter: refund status', () => {
  const pendingOf = (label: LabelToVoid, requestedAt: number) => ({ ...label, refundRef: '103789', requestedAt: new Date(requestedAt) });

  it('is pending for USPS_REFUND_SETTLE_DAYS without asking USPS anything', async () => {
    const usps = adapter({ refundSettleDays: 21 });
    const label = await sold(usps);
    const before = fake.requests.length;
    now += 20 * DAY;
    expect(await usps.refundStatus(pendingOf(label, now - 20 * DAY))).toEqual({ kind: 'refund_pending' });
    expect(fake.requests.length).toBe(before);
  });

  it('then refunds a label never scanned, and rejects one USPS scanned', async () => {
    const usps = adapter({ refundSettleDays: 21 });
    const [unused, used] = [await sold(usps), await sold(usps)];
    fake.addScan(used.trackingNumber, 'accepted');
    const requestedAt = now;
    now += 21 * DAY;
    expect(await usps.refundStatus(pendingOf(unused, requestedAt))).toEqual({ kind: 'refunded' });
    expect(await usps.refundStatus(pendingOf(used, requestedAt))).toEqual({ kind: 'refund_rejected', reason: 'USPS recorded a scan of this package, so the label was used.' });
  });

  it('says unknown once settled when tracking does not answer', async () => {
    const usps = adapter({ refundSettleDays: 1 });
    const label = await sold(usps);
    now += 2 * DAY;
    fake.down();
    expect(await usps.refundStatus(pendingOf(label, now - 2 * DAY))).toMatchObject({ kind: 'unknown' });
  });

  it('refuses a negative settle time at construction', () => {
    expect(() => adapter({ refundSettleDays: -1 })).toThrow(/refundSettleDays/);
  });
});
