import { sandboxFedExTrackingNumber, sandboxUpsTrackingNumber } from './courier-tracking-numbers';
import { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } from './impb';
import {
  DEFAULT_SANDBOX_LIFECYCLE,
  checkedLifecycle,
  isSandboxTrackingNumber,
  SANDBOX_SCANNED_MESSAGE,
  SANDBOX_USED_REASON,
  simulatedManifestAt,
  simulatedRefundCheck,
  simulatedTracking,
  simulatedVoid,
  sandboxCourierOf,
  trackingDraw,
  travelsInSandbox,
  type SandboxLifecycleSettings,
} from './sandbox-lifecycle';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const trackingNumberOf = (serial: number) =>
  buildImpb({ zip5: '10001', zip4: null, channel: SANDBOX_CHANNEL, serviceTypeCode: '055', mailerId: SANDBOX_TEST_MAILER_ID, serial }).trackingNumber;
const numbers = Array.from({ length: 400 }, (_, index) => trackingNumberOf(index + 1));
const travelling = numbers.find((number) => travelsInSandbox(number, 0.3)) ?? '';
const staying = numbers.find((number) => !travelsInSandbox(number, 0.3)) ?? '';
const settings = (overrides: Partial<SandboxLifecycleSettings> = {}): SandboxLifecycleSettings => ({ ...DEFAULT_SANDBOX_LIFECYCLE, ...overrides });
const purchasedAt = new Date('2026-07-14T18:00:00Z');
const after = (ms: number) => new Date(purchasedAt.getTime() + ms);

describe('sandbox lifecycle: which labels travel', () => {
  it('picks the same labels on every call (every replica agrees), from the tracking number alone', () => {
    expect(numbers.map((n) => travelsInSandbox(n, 0.3))).toEqual(numbers.map((n) => travelsInSandbox(n, 0.3)));
    expect(trackingDraw(numbers[0] ?? '')).toBe(trackingDraw(trackingNumberOf(1)));
  });

  it('makes about the configured share travel, none at 0 and all at 1', () => {
    const share = numbers.filter((n) => travelsInSandbox(n, 0.3)).length / numbers.length;
    expect(share).toBeGreaterThan(0.22);
    expect(share).toBeLessThan(0.38);
    expect(numbers.some((n) => travelsInSandbox(n, 0))).toBe(false);
    expect(numbers.every((n) => travelsInSandbox(n, 1))).toBe(true);
  });

  it('knows its own tracking numbers from any other', () => {
    expect(isSandboxTrackingNumber(trackingNumberOf(7))).toBe(true);
    expect(isSandboxTrackingNumber('9205590000000000000000')).toBe(false);
    const good = trackingNumberOf(7);
    const wrongCheckDigit = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    expect(isSandboxTrackingNumber(wrongCheckDigit)).toBe(false);
  });
});

describe('sandbox lifecycle: tracking', () => {
  it('reports "label created" at the purchase, for every label', () => {
    const report = simulatedTracking(staying, purchasedAt, after(30 * DAY), settings());
    expect(report).toEqual({ status: 'pre_transit', events: [{ status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', occurredAt: purchasedAt, location: null }] });
  });

  it('moves a travelling label from acceptance to delivery on the published schedule, reporting only what has happened', () => {
    const scanAfter = 6 * HOUR;
    expect(simulatedTracking(travelling, purchasedAt, after(scanAfter - 1), settings()).status).toBe('pre_transit');
    const accepted = simulatedTracking(travelling, purchasedAt, after(scanAfter), settings());
    expect(accepted.status).toBe('in_transit');
    expect(accepted.events.at(-1)).toMatchObject({ message: 'Accepted at USPS Origin Facility', occurredAt: after(scanAfter), location: expect.stringMatching(/^[A-Za-z ]+, [A-Z]{2} \d{5}$/) });
    expect(simulatedTracking(travelling, purchasedAt, after(scanAfter + 6 * HOUR), settings()).events.at(-1)?.message).toBe('Arrived at USPS Regional Facility');
    expect(simulatedTracking(travelling, purchasedAt, after(scanAfter + 20 * HOUR), settings()).status).toBe('out_for_delivery');
    const delivered = simulatedTracking(travelling, purchasedAt, after(scanAfter + 26 * HOUR), settings());
    expect(delivered.status).toBe('delivered');
    expect(delivered.events.map((event) => event.status)).toEqual(['pre_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(delivered.events.at(-1)?.message).toBe('Delivered, In/At Mailbox');
  });

  it('scans after SANDBOX_SCAN_AFTER_SECONDS, and tells the same story twice', () => {
    const quick = settings({ scanAfterSeconds: 60 });
    expect(simulatedTracking(travelling, purchasedAt, after(60_000), quick).status).toBe('in_transit');
    expect(simulatedTracking(travelling, purchasedAt, after(DAY), quick)).toEqual(simulatedTracking(travelling, purchasedAt, after(DAY), quick));
  });
});

describe('sandbox lifecycle: void', () => {
  it('voids for free before the simulated manifest (12:30am Central next day)', () => {
    expect(simulatedVoid(staying, purchasedAt, after(HOUR), settings())).toEqual({ kind: 'voided' });
  });

  it('asks for a refund after the manifest, with a ref made from the tracking number', () => {
    // 18:00Z on 14 July is 1pm CDT: the manifest is 05:30Z on the 15th.
    expect(simulatedVoid(staying, purchasedAt, new Date('2026-07-15T05:29:59Z'), settings())).toEqual({ kind: 'voided' });
    expect(simulatedVoid(staying, purchasedAt, new Date('2026-07-15T05:30:00Z'), settings())).toEqual({ kind: 'refund_pending', refundRef: `SBX-${staying}` });
  });

  it('uses SANDBOX_MANIFEST_AFTER_SECONDS when set', () => {
    expect(simulatedVoid(staying, purchasedAt, after(19_000), settings({ manifestAfterSeconds: 20 }))).toEqual({ kind: 'voided' });
    expect(simulatedVoid(staying, purchasedAt, after(20_000), settings({ manifestAfterSeconds: 20 }))).toMatchObject({ kind: 'refund_pending' });
  });

  it('asks for a refund once the label is on a SCAN form, which manifests it before the night', () => {
    const onForm = after(2 * HOUR);
    expect(simulatedVoid(staying, purchasedAt, after(HOUR), settings(), onForm)).toEqual({ kind: 'voided' });
    expect(simulatedVoid(staying, purchasedAt, after(3 * HOUR), settings(), onForm)).toEqual({ kind: 'refund_pending', refundRef: `SBX-${staying}` });
    expect(simulatedVoid(staying, purchasedAt, after(3 * HOUR), settings(), null)).toEqual({ kind: 'voided' });
  });

  it('refuses to void a package USPS has scanned, in plain words', () => {
    expect(simulatedVoid(travelling, purchasedAt, after(7 * HOUR), settings())).toEqual({ kind: 'refused', message: SANDBOX_SCANNED_MESSAGE });
    expect(SANDBOX_SCANNED_MESSAGE).toBe('USPS has scanned this package: a used label cannot be refunded.');
  });
});

describe('sandbox lifecycle: refund settlement', () => {
  const requestedAt = after(2 * DAY);

  it('stays pending until SANDBOX_REFUND_DAYS after the request', () => {
    expect(simulatedRefundCheck(staying, purchasedAt, requestedAt, new Date(requestedAt.getTime() + 14 * DAY - 1), settings())).toEqual({ kind: 'refund_pending' });
  });

  it('refunds an unscanned label once settled', () => {
    expect(simulatedRefundCheck(staying, purchasedAt, requestedAt, new Date(requestedAt.getTime() + 14 * DAY), settings())).toEqual({ kind: 'refunded' });
  });

  it('rejects a label the simulated USPS scanned, with the reason in plain words', () => {
    expect(simulatedRefundCheck(travelling, purchasedAt, requestedAt, new Date(requestedAt.getTime() + 14 * DAY), settings())).toEqual({ kind: 'refund_rejected', reason: SANDBOX_USED_REASON });
  });

  it('settles at once with SANDBOX_REFUND_DAYS=0', () => {
    expect(simulatedRefundCheck(staying, purchasedAt, requestedAt, requestedAt, settings({ refundDays: 0 }))).toEqual({ kind: 'refunded' });
  });
});

describe('sandbox lifecycle: settings', () => {
  it('refuses settings out of range, naming them', () => {
    expect(() => checkedLifecycle({ trackingShare: 2 })).toThrow(/trackingShare/);
    expect(() => checkedLifecycle({ manifestAfterSeconds: -1 })).toThrow(/manifestAfterSeconds/);
    expect(() => checkedLifecycle({ refundDays: -1 })).toThrow(/refundDays/);
    expect(() => checkedLifecycle({ scanAfterSeconds: 1.5 })).toThrow(/scanAfterSeconds/);
    expect(checkedLifecycle({})).toEqual(DEFAULT_SANDBOX_LIFECYCLE);
  });
});

describe('the sandbox manifest', () => {
  it('uses purchase + SANDBOX_MANIFEST_AFTER_SECONDS when set, 0 included', () => {
    const purchasedAt = new Date('2026-07-14T18:00:00Z');
    expect(simulatedManifestAt(purchasedAt, 20).toISOString()).toBe('2026-07-14T18:00:20.000Z');
    expect(simulatedManifestAt(purchasedAt, 0).toISOString()).toBe('2026-07-14T18:00:00.000Z');
    expect(simulatedManifestAt(purchasedAt, null).toISOString()).toBe('2026-07-15T05:30:00.000Z');
  });
});

describe('sandbox lifecycle: UPS and FedEx labels', () => {
  const ups = sandboxUpsTrackingNumber('03', 11);
  const fedex = sandboxFedExTrackingNumber(11);

  it('tells the courier of each number it issued, and null for any other', () => {
    expect([trackingNumberOf(11), ups, fedex].map(sandboxCourierOf)).toEqual(['usps', 'ups', 'fedex']);
    expect(sandboxCourierOf('1Z999AA10123456784')).toBeNull();
    expect(isSandboxTrackingNumber(ups) && isSandboxTrackingNumber(fedex)).toBe(true);
  });

  it('voids an unscanned UPS label at once even after USPS\'s manifest would have passed, until 90 days after the purchase', () => {
    const quiet = settings({ trackingShare: 0 });
    expect(simulatedVoid(ups, purchasedAt, after(30 * DAY), quiet)).toEqual({ kind: 'voided' });
    expect(simulatedVoid(ups, purchasedAt, after(90 * DAY), quiet)).toEqual({ kind: 'voided' });
    expect(simulatedVoid(ups, purchasedAt, after(90 * DAY + 1), quiet).kind).toBe('refused');
    // A SCAN form is USPS's: a UPS label's manifest instant changes nothing.
    expect(simulatedVoid(fedex, purchasedAt, after(HOUR), quiet, purchasedAt)).toEqual({ kind: 'voided' });
  });

  it('refuses a void of a FedEx package FedEx scanned, in FedEx\'s name', () => {
    expect(simulatedVoid(fedex, purchasedAt, after(2 * DAY), settings({ trackingShare: 1 }))).toEqual({ kind: 'refused', message: 'FedEx has scanned this package: a used label cannot be refunded.' });
  });

  it('tells a FedEx journey in FedEx\'s words', () => {
    const report = simulatedTracking(fedex, purchasedAt, after(30 * DAY), settings({ trackingShare: 1 }));
    expect(report.events.map((event) => event.message)).toEqual(['Shipment information sent to FedEx', 'Picked up', 'Departed FedEx location', 'On FedEx vehicle for delivery', 'Delivered']);
  });

  it('settles a UPS refund at once whatever SANDBOX_REFUND_DAYS says, and rejects it once UPS scanned the package', () => {
    expect(simulatedRefundCheck(ups, purchasedAt, purchasedAt, after(1), settings({ trackingShare: 0, refundDays: 14 }))).toEqual({ kind: 'refunded' });
    expect(simulatedRefundCheck(ups, purchasedAt, purchasedAt, after(2 * DAY), settings({ trackingShare: 1, refundDays: 14 }))).toEqual({
      kind: 'refund_rejected',
      reason: 'UPS recorded a scan of this package, so the label was used.',
    });
  });
});
