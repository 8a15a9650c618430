import { FakeEasyPostServer } from '@labeldesk/testing';
import type { BoughtLabel, LabelToVoid, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment } from './easypost-fixtures';

const DAY = 86_400_000;
let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;
let clock = new Date('2026-11-20T15:00:00Z');
let keys = 0;

const bought = (outcome: PurchaseOutcome): BoughtLabel => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};
const sold = async (): Promise<LabelToVoid> => {
  const label = bought(await carrier.purchase(easyPostTestShipment(), `lifecycle-${process.pid}-${++keys}`, new MemoryJournal()));
  return { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: clock };
};
const requestsSeen = () => fake.requests.map(({ method, path }) => `${method} ${path.replace(/(shp|trk)_[0-9a-f]+/, '$1')}`);

beforeEach(async () => {
  fake = new FakeEasyPostServer();
  await fake.start();
  clock = new Date('2026-11-20T15:00:00Z');
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000, now: () => clock });
});
afterEach(async () => {
  await fake.up();
  await fake.stop();
});

describe('EasyPostCarrierAdapter: refund status', () => {
  it('follows the shipment: pending while submitted, then refunded', async () => {
    const label = await sold();
    await carrier.void(label);
    const pending = { ...label, refundRef: label.carrierRefs['shipmentId'] ?? null, requestedAt: clock };
    expect(await carrier.refundStatus(pending)).toEqual({ kind: 'refund_pending' });
    fake.settleRefundOf(label.trackingNumber, 'refunded');
    expect(await carrier.refundStatus(pending)).toEqual({ kind: 'refunded' });
  });

  it('retries a rejection within two days of the request, and takes it as final after', async () => {
    const label = await sold();
    await carrier.void(label);
    fake.settleRefundOf(label.trackingNumber, 'rejected');
    const pending = { ...label, refundRef: null, requestedAt: clock };
    clock = new Date(pending.requestedAt.getTime() + DAY);
    expect(await carrier.refundStatus(pending)).toMatchObject({ kind: 'retry' });
    clock = new Date(pending.requestedAt.getTime() + 2 * DAY);
    expect(await carrier.refundStatus(pending)).toMatchObject({ kind: 'refund_rejected', reason: expect.stringMatching(/rejected/) });
  });

  it('takes not_applicable as a final rejection in plain words', async () => {
    const label = await sold();
    await carrier.void(label);
    fake.settleRefundOf(label.trackingNumber, 'not_applicable');
    expect(await carrier.refundStatus({ ...label, refundRef: null, requestedAt: clock })).toEqual({ kind: 'refund_rejected', reason: 'USPS does not refund this label: it has been used or is past the refund window.' });
  });

  it('asks for a retry when EasyPost has no refund request, rejects a label it never sold, and says unknown when down', async () => {
    const label = await sold();
    expect(await carrier.refundStatus({ ...label, refundRef: null, requestedAt: clock })).toMatchObject({ kind: 'retry' });
    expect(await carrier.refundStatus({ ...label, carrierRefs: {}, refundRef: null, requestedAt: clock })).toMatchObject({ kind: 'refund_rejected' });
    expect(await carrier.refundStatus({ ...label, carrierRefs: { shipmentId: 'shp_00000000000000000000000000000000' }, refundRef: null, requestedAt: clock })).toMatchObject({ kind: 'refund_rejected' });
    fake.down();
    expect(await carrier.refundStatus({ ...label, refundRef: null, requestedAt: clock })).toMatchObject({ kind: 'unknown' });
  });
});

describe('EasyPostCarrierAdapter: bulk void', () => {
  it('asks one POST /v2/refunds for every label and answers in order', async () => {
    const labels = [await sold(), await sold(), await sold()];
    const before = fake.requests.length;
    const outcomes = await carrier.voidMany(labels);
    expect(outcomes).toEqual(labels.map((label) => ({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] })));
    expect(requestsSeen().slice(before)).toEqual(['POST /v2/refunds']);
    expect(fake.voidsAccepted()).toBe(3);
  });

  it('asks nothing twice: a label already refunded answers as before', async () => {
    const labels = [await sold(), await sold()];
    await carrier.voidMany(labels);
    fake.settleRefundOf(labels[0]?.trackingNumber ?? '', 'refunded');
    expect(await carrier.voidMany(labels)).toEqual([{ kind: 'voided' }, { kind: 'refund_pending', refundRef: labels[1]?.carrierRefs['shipmentId'] }]);
    expect(fake.voidsAccepted()).toBe(2);
  });

  it('refuses a label EasyPost did not sell, in plain words, among labels it did', async () => {
    const label = await sold();
    const stranger: LabelToVoid = { trackingNumber: '9405100100000000000001', carrierRefs: {}, purchasedAt: clock };
    const [first, second] = await carrier.voidMany([stranger, label]);
    // EasyPost's answer leaves the stranger out, so it is voided on its own, which knows it has no EasyPost shipment.
    expect(first).toEqual({ kind: 'refused', message: 'EasyPost did not sell label 9405100100000000000001.' });
    expect(second).toMatchObject({ kind: 'refund_pending' });
  });

  it('says unknown for every label when EasyPost does not answer', async () => {
    const labels = [await sold(), await sold()];
    fake.failNextWith(503);
    expect((await carrier.voidMany(labels)).map((outcome) => outcome.kind)).toEqual(['unknown', 'unknown']);
    expect(fake.voidsAccepted()).toBe(0);
  });

  it('falls back to one void at a time when the bulk request is refused', async () => {
    const label = await sold();
    // An empty tracking code makes the fake refuse the bulk request (422) before refunding anything.
    const blank: LabelToVoid = { trackingNumber: '', carrierRefs: {}, purchasedAt: clock };
    const outcomes = await carrier.voidMany([label, blank]);
    expect(outcomes[0]).toMatchObject({ kind: 'refund_pending' });
    expect(outcomes[1]).toMatchObject({ kind: 'refused' });
    expect(requestsSeen().filter((request) => request.endsWith('/refund'))).toHaveLength(1);
  });
});

describe('EasyPostCarrierAdapter: tracking', () => {
  it('reads a just-bought tracker as EasyPost records it (unknown, no scans: not used), and then the scans oldest first with their place', async () => {
    const label = await sold();
    expect(await carrier.track(label)).toEqual({ status: 'unknown', events: [] });
    fake.addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipping Label Created', datetime: new Date('2026-11-20T15:00:00Z') });
    fake.addTrackingEvent(label.trackingNumber, { status: 'in_transit', message: 'Accepted at USPS Origin Facility', city: 'COLUMBUS', state: 'OH', zip: '43215' });
    const before = fake.requests.length;
    const report = await carrier.track(label);
    expect(requestsSeen().slice(before)).toEqual(['GET /v2/trackers/trk']);
    expect(report?.status).toBe('in_transit');
    expect(report?.events.map(({ status, message, location }) => ({ status, message, location }))).toEqual([
      { status: 'pre_transit', message: 'Shipping Label Created', location: null },
      { status: 'in_transit', message: 'Accepted at USPS Origin Facility', location: 'COLUMBUS, OH 43215' },
    ]);
  });

  it("finds the tracker through the shipment when the label's refs lack its id", async () => {
    const label = await sold();
    const { trackerId: _trackerId, ...refs } = label.carrierRefs;
    const report = await carrier.track({ ...label, carrierRefs: refs });
    expect(report?.status).toBe('unknown');
    expect(requestsSeen().slice(-2)).toEqual(['GET /v2/shipments/shp', 'GET /v2/trackers/trk']);
  });

  it('answers null when EasyPost is down or the label has no EasyPost ids', async () => {
    const label = await sold();
    expect(await carrier.track({ ...label, carrierRefs: {} })).toBeNull();
    fake.down();
    expect(await carrier.track(label)).toBeNull();
  });
});
