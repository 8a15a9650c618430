import { SandboxCarrierError } from './sandbox-carrier.error';
import { type LabelShipment } from '../carrier.port';
import { formatImpbHri, isValidImpbTrackingNumber } from './impb';
import type { SandboxLabelInput } from './sandbox-label';
import { RenderPoolError } from './render-pool';
import { SandboxCarrierAdapter } from './sandbox-carrier.adapter';

/** mulberry32: a small seeded generator, so failure injection is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function counterSerials(start = 1): jest.Mock<Promise<number>, []> {
  let next = start;
  return jest.fn(async () => next++);
}

function shipment(overrides: { serviceUid?: string; weightLb?: number; zip?: string } = {}): LabelShipment {
  return {
    serviceUid: overrides.serviceUid ?? 'usps_priority',
    shipper: null,
    from: { name: 'Acme Widgets', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
    to: { name: 'Jane Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: overrides.zip ?? '10118', country: 'US' },
    package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: overrides.weightLb ?? 1.5, description: 'Widget', reference1: '1', reference2: 'SKU-1' },
  };
}

async function caught(promise: Promise<unknown>): Promise<SandboxCarrierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxCarrierError) return error;
    throw error;
  }
  throw new Error('expected a SandboxCarrierError, but the call succeeded');
}

describe('SandboxCarrierAdapter', () => {
  it('lists Priority Mail, Priority Mail Express and Ground Advantage first, each up to 70 lb, in the CarrierShippingService shape', async () => {
    const services = await new SandboxCarrierAdapter({ nextSerial: counterSerials() }).listShippingServices();
    expect(services.slice(0, 3)).toEqual([
      { uid: 'usps_priority', name: 'USPS Priority Mail', category: 'USPS', maxWeightLb: 70 },
      { uid: 'usps_priority_express', name: 'USPS Priority Mail Express', category: 'USPS', maxWeightLb: 70 },
      { uid: 'usps_ground_advantage', name: 'USPS Ground Advantage', category: 'USPS', maxWeightLb: 70 },
    ]);
  });

  it('draws a ZPL label when the shipment asks for one, with the same tracking number a resolve answers again', async () => {
    const nextSerial = counterSerials(5);
    const carrier = new SandboxCarrierAdapter({ nextSerial });
    const zpl: LabelShipment = { ...shipment(), format: 'ZPL' };
    const outcome = await carrier.purchase(zpl, 'zpl-1', { remember: async () => undefined });
    if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${outcome.kind}`);
    expect(outcome.label.format).toBe('ZPL');
    const text = outcome.label.file.toString('utf8');
    expect(text.startsWith('^XA')).toBe(true);
    expect(text).toContain(`^FH_^FD${outcome.label.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 ')}^FS`);
    const resolved = await carrier.resolve(zpl, 'zpl-1', { serial: '5' });
    expect(resolved).toEqual(outcome);
    expect(carrier.profile.labelFormats).toEqual(['PDF', 'ZPL']);
  });

  it('keeps the serial in the purchase journal only when its serials are not durable, and resolves either way after a restart', async () => {
    const issued = new Map<string, number>();
    let next = 40;
    const nextSerial = jest.fn(async (key: string) => issued.get(key) ?? (issued.set(key, next++), next - 1));
    const issuedSerial = jest.fn(async (key: string) => issued.get(key) ?? null);

    const kept: Array<Record<string, string>> = [];
    const durable = await new SandboxCarrierAdapter({ nextSerial, issuedSerial }).purchase(shipment(), 'k-durable', { remember: async (refs) => void kept.push(refs) });
    expect(durable.kind).toBe('bought');
    expect(kept).toEqual([]);
    // A new process (nothing in memory, no refs in the journal) finds the label by its key and draws the same one.
    const again = await new SandboxCarrierAdapter({ nextSerial, issuedSerial }).resolve(shipment(), 'k-durable', {});
    expect(again.kind === 'bought' && durable.kind === 'bought' && again.label.trackingNumber).toBe(durable.kind === 'bought' && durable.label.trackingNumber);
    expect(await new SandboxCarrierAdapter({ nextSerial, issuedSerial }).resolve(shipment(), 'k-never', {})).toMatchObject({ kind: 'not_attempted', reason: 'not_bought' });

    const inMemory = await new SandboxCarrierAdapter({ nextSerial }).purchase(shipment(), 'k-memory', { remember: async (refs) => void kept.push(refs) });
    expect(inMemory.kind).toBe('bought');
    expect(kept).toEqual([{ serial: String(issued.get('k-memory')) }]);
  });

  it('refuses, before issuing anything, a label whose simulated cost is over the price the customer pays, and sells it at or over the cost', async () => {
    const nextSerial = counterSerials();
    const carrier = new SandboxCarrierAdapter({ nextSerial });
    const remember = jest.fn(async () => undefined);
    // USPS Priority's flat simulated postage is $7.00 for the first pound and $0.30 a pound after it: 1.5 lb is $7.30.
    const refused = await carrier.purchase({ ...shipment(), maxCostCents: 729 }, 'k-under', { remember });
    expect(refused).toEqual({
      kind: 'refused',
      message: expect.stringMatching(/^USPS Priority Mail is not sold at your price for this parcel/),
      belowCost: { serviceUid: 'usps_priority', costCents: 730, priceCents: 729 },
    });
    expect(refused.kind === 'refused' && refused.message).not.toMatch(/\$|7\.30/);
    expect(nextSerial).not.toHaveBeenCalled();
    expect(remember).not.toHaveBeenCalled();
    expect((await carrier.purchase({ ...shipment(), maxCostCents: 730 }, 'k-at-cost', { remember })).kind).toBe('bought');
    expect((await carrier.purchase(shipment(), 'k-no-price', { remember })).kind).toBe('bought');
  });

  it('sells a label with a simulated retail rate 40 % over its cost, up to the cent', async () => {
    // USPS Priority at 1.5 lb costs $7.30 in the sandbox: retail $10.22.
    const outcome = await new SandboxCarrierAdapter({ nextSerial: counterSerials() }).purchase(shipment(), 'k-retail', { remember: async () => undefined });
    expect(outcome.kind === 'bought' && { costCents: outcome.label.costCents, retailCents: outcome.label.retailCents }).toEqual({ costCents: 730, retailCents: 1022 });
  });

  it('creates a label whose tracking number carries channel 92, the service type code, the test Mailer ID and the serial', async () => {
    const nextSerial = counterSerials(77);
    const carrier = new SandboxCarrierAdapter({ nextSerial });
    const express = await carrier.createLabel(shipment({ serviceUid: 'usps_priority_express' }), 'key-1');
    expect(express.serviceUid).toBe('usps_priority_express');
    expect(express.trackingNumber).toMatch(/^92701999999999000007\d\d$/);
    expect(isValidImpbTrackingNumber(express.trackingNumber)).toBe(true);
    expect(express.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const priority = await carrier.createLabel(shipment(), 'key-2');
    expect(priority.trackingNumber.slice(0, 21)).toBe('920559999999990000078');
    expect(carrier.trackingState(priority.trackingNumber)).toBe('issued');
  });

  it('answers the same idempotency key with the same label and takes no second serial', async () => {
    const nextSerial = counterSerials();
    const carrier = new SandboxCarrierAdapter({ nextSerial });
    const first = await carrier.createLabel(shipment(), 'order-item-1');
    const again = await carrier.createLabel(shipment(), 'order-item-1');
    expect(again.trackingNumber).toBe(first.trackingNumber);
    expect(again.file.equals(first.file)).toBe(true);
    expect(nextSerial).toHaveBeenCalledTimes(1);

    const other = await carrier.createLabel(shipment(), 'order-item-2');
    expect(other.trackingNumber).not.toBe(first.trackingNumber);
    expect(nextSerial).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent requests with one idempotency key share a single label', async () => {
    const nextSerial = counterSerials();
    const carrier = new SandboxCarrierAdapter({ nextSerial, latencyMs: 20 });
    const labels = await Promise.all([1, 2, 3].map(() => carrier.createLabel(shipment(), 'same-key')));
    expect(new Set(labels.map((label) => label.trackingNumber)).size).toBe(1);
    expect(nextSerial).toHaveBeenCalledTimes(1);
  });

  it('gives each caller its own copy, so altering one answer does not alter the remembered label', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials() });
    const first = await carrier.createLabel(shipment(), 'k');
    first.file.fill(0);
    const again = await carrier.createLabel(shipment(), 'k');
    expect(again.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('forgets the oldest labels beyond its bound, and then makes a new label for a forgotten key', async () => {
    const nextSerial = counterSerials();
    const carrier = new SandboxCarrierAdapter({ nextSerial, rememberLabels: 2 });
    const a = await carrier.createLabel(shipment(), 'a');
    await carrier.createLabel(shipment(), 'b');
    await carrier.createLabel(shipment(), 'c');
    expect((await carrier.createLabel(shipment(), 'c')).trackingNumber).toBeDefined();
    expect(nextSerial).toHaveBeenCalledTimes(3);
    expect((await carrier.createLabel(shipment(), 'a')).trackingNumber).not.toBe(a.trackingNumber);
  });

  it('refuses labels at the configured failure rate with a seeded random, issuing nothing, and a retry with the same key then succeeds', async () => {
    const outcomes = async () => {
      const nextSerial = counterSerials();
      const carrier = new SandboxCarrierAdapter({ nextSerial, failureRate: 0.3, random: seededRandom(42) });
      const results: string[] = [];
      for (let i = 0; i < 200; i++) {
        try {
          await carrier.createLabel(shipment(), `k-${i}`);
          results.push('ok');
        } catch (error) {
          expect(error).toBeInstanceOf(SandboxCarrierError);
          expect(error).toMatchObject({ message: 'Sandbox carrier: simulated failure', retryable: false });
          results.push('fail');
        }
      }
      return { results, serials: nextSerial.mock.calls.length };
    };
    const run1 = await outcomes();
    const run2 = await outcomes();
    expect(run2.results).toEqual(run1.results);
    const failures = run1.results.filter((r) => r === 'fail').length;
    expect(failures).toBeGreaterThan(40);
    expect(failures).toBeLessThan(80);
    // A simulated failure happens before any serial is taken.
    expect(run1.serials).toBe(200 - failures);

    // Retrying the same key after a failure makes the label.
    const sequence = [0.1, 0.9];
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), failureRate: 0.5, random: () => sequence.shift() ?? 0.9 });
    expect((await caught(carrier.createLabel(shipment(), 'retry-me'))).message).toBe('Sandbox carrier: simulated failure');
    expect(isValidImpbTrackingNumber((await carrier.createLabel(shipment(), 'retry-me')).trackingNumber)).toBe(true);
  });

  it('never fails when the failure rate is 0 and always fails when it is 1', async () => {
    const never = new SandboxCarrierAdapter({ nextSerial: counterSerials(), failureRate: 0, random: () => 0 });
    await expect(never.createLabel(shipment(), 'x')).resolves.toBeDefined();
    const always = new SandboxCarrierAdapter({ nextSerial: counterSerials(), failureRate: 1, random: () => 0.999999 });
    await expect(always.createLabel(shipment(), 'x')).rejects.toMatchObject({ retryable: false });
    await expect(always.purchase(shipment(), 'y', { remember: async () => undefined })).resolves.toEqual({ kind: 'refused', message: 'Sandbox carrier: simulated failure' });
  });

  it('waits the configured latency before answering', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), latencyMs: 60 });
    const started = performance.now();
    await carrier.createLabel(shipment(), 'slow');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('refuses an unknown service with a non-retryable error naming the known ones, without taking a serial', async () => {
    const nextSerial = counterSerials();
    const carrier = new SandboxCarrierAdapter({ nextSerial });
    const error = await caught(carrier.createLabel(shipment({ serviceUid: 'usps_media_mail' }), 'k'));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/unknown service "usps_media_mail" \(known: usps_priority, usps_priority_express, usps_ground_advantage, ups_ground, /);
    expect(nextSerial).not.toHaveBeenCalled();
  });

  it('refuses a package above the service maximum weight with a non-retryable error, and accepts exactly the maximum', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials() });
    const error = await caught(carrier.createLabel(shipment({ weightLb: 70.1 }), 'heavy'));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Sandbox carrier: USPS Priority Mail takes at most 70 lb, the package weighs 70.1 lb');
    await expect(carrier.createLabel(shipment({ weightLb: 70 }), 'max')).resolves.toBeDefined();
  });

  it('refuses a zero weight and a destination ZIP it cannot route on, without retry', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials() });
    expect(await caught(carrier.createLabel(shipment({ weightLb: 0 }), 'w0'))).toMatchObject({ retryable: false });
    const error = await caught(carrier.createLabel(shipment({ zip: 'K1A 0B1' }), 'zip'));
    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toMatch(/destination ZIP "K1A 0B1"/);
  });

  it('encodes the ZIP+4 of the destination and keeps a 22-digit tracking number', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials() });
    const label = await carrier.createLabel(shipment({ zip: '92688-1234' }), 'zip4');
    expect(label.trackingNumber).toHaveLength(22);
  });

  it('voids a label it issued, accepts a repeated void, and refuses an unknown tracking number', async () => {
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials() });
    const label = await carrier.createLabel(shipment(), 'to-void');
    await carrier.voidLabel(label.trackingNumber);
    expect(carrier.trackingState(label.trackingNumber)).toBe('voided');
    await expect(carrier.voidLabel(label.trackingNumber)).resolves.toBeUndefined();

    const error = await caught(carrier.voidLabel('9205599999999900999999'));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/unknown tracking number 9205599999999900999999/);
  });

  it('renders the PDF with the render function it is given (a render pool), passing the label data and the ship date', async () => {
    const render = jest.fn(async (_input: SandboxLabelInput) => Buffer.from('%PDF-from-the-pool'));
    const shipDate = new Date(2025, 0, 2, 9);
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), render, now: () => shipDate });
    const label = await carrier.createLabel(shipment(), 'pooled');

    expect(label.file.toString('latin1')).toBe('%PDF-from-the-pool');
    expect(render).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledWith(
      expect.objectContaining({ service: expect.objectContaining({ bannerText: 'USPS PRIORITY MAIL' }), impb: expect.objectContaining({ hri: formatImpbHri(label.trackingNumber) }), shipDate }),
    );
  });

  it('passes a failed render (a crashed worker) on as it is, not as a SandboxCarrierError, and the same key may try again', async () => {
    const render = jest
      .fn(async (_input: SandboxLabelInput) => Buffer.from('%PDF-second-try'))
      .mockRejectedValueOnce(new RenderPoolError('WORKER_CRASHED', 'The label render worker died while rendering (exit code 1)'));
    const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), render });

    const error = await carrier.createLabel(shipment(), 'crash').catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(RenderPoolError);
    expect(error).not.toBeInstanceOf(SandboxCarrierError);
    const label = await carrier.createLabel(shipment(), 'crash');
    expect(label.file.toString('latin1')).toBe('%PDF-second-try');
    expect(carrier.trackingState(label.trackingNumber)).toBe('issued');
  });

  it('refuses nonsensical options', () => {
    expect(() => new SandboxCarrierAdapter({ nextSerial: counterSerials(), failureRate: 1.5 })).toThrow(RangeError);
    expect(() => new SandboxCarrierAdapter({ nextSerial: counterSerials(), latencyMs: -1 })).toThrow(RangeError);
  });
});

describe('the sandbox\'s labels after their purchase', () => {
  describe('void, refund status and tracking (the same answer on every replica)', () => {
    const bought = new Date('2026-07-14T18:00:00Z');
    const at = (iso: string) => () => new Date(iso);

    it('voids for free before the simulated manifest, even on a replica that never saw the label', async () => {
      const issuer = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now: () => bought });
      const label = await issuer.createLabel(shipment(), 'elsewhere');
      const otherReplica = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now: at('2026-07-14T20:00:00Z') });
      expect(await otherReplica.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: bought })).toEqual({ kind: 'voided' });
      expect(otherReplica.voidsAccepted).toBe(1);
    });

    it('asks for a refund after the manifest, and a second void answers the same without counting twice', async () => {
      const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now: at('2026-07-15T06:00:00Z'), lifecycle: { trackingShare: 0 } });
      const label = await carrier.createLabel(shipment(), 'late-void');
      const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: bought };
      expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: `SBX-${label.trackingNumber}` });
      expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: `SBX-${label.trackingNumber}` });
      expect(carrier.voidsAccepted).toBe(1);
    });

    it('refuses a void of a scanned package and of a number it never issued', async () => {
      const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now: at('2026-07-14T18:01:00Z'), lifecycle: { trackingShare: 1, scanAfterSeconds: 30 } });
      const label = await carrier.createLabel(shipment(), 'scanned');
      expect(await carrier.void({ trackingNumber: label.trackingNumber, carrierRefs: {}, purchasedAt: bought })).toEqual({ kind: 'refused', message: 'USPS has scanned this package: a used label cannot be refunded.' });
      expect((await carrier.void({ trackingNumber: '9205590000000000000000', carrierRefs: {}, purchasedAt: bought })).kind).toBe('refused');
      expect(carrier.voidsAccepted).toBe(0);
    });

    it('settles a refund SANDBOX_REFUND_DAYS after the request: refunded unless scanned', async () => {
      const now = at('2026-07-20T00:00:00Z');
      const still = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now, lifecycle: { trackingShare: 0, refundDays: 0 } });
      const label = await still.createLabel(shipment(), 'refund');
      const pending = { trackingNumber: label.trackingNumber, carrierRefs: {}, purchasedAt: bought, refundRef: null, requestedAt: new Date('2026-07-16T00:00:00Z') };
      expect(await still.refundStatus(pending)).toEqual({ kind: 'refunded' });
      const moving = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now, lifecycle: { trackingShare: 1, refundDays: 0 } });
      expect(await moving.refundStatus(pending)).toEqual({ kind: 'refund_rejected', reason: 'USPS recorded a scan of this package, so the label was used.' });
      const slow = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now, lifecycle: { refundDays: 14 } });
      expect(await slow.refundStatus(pending)).toEqual({ kind: 'refund_pending' });
    });

    it('tracks a label from its tracking number and purchase instant alone', async () => {
      const carrier = new SandboxCarrierAdapter({ nextSerial: counterSerials(), now: at('2026-07-20T00:00:00Z'), lifecycle: { trackingShare: 1 } });
      const label = await carrier.createLabel(shipment(), 'tracked');
      const report = await carrier.track({ trackingNumber: label.trackingNumber, carrierRefs: {}, purchasedAt: bought });
      expect(report?.status).toBe('delivered');
      expect(report?.events).toHaveLength(5);
      expect(await carrier.track({ trackingNumber: '9205590000000000000000', carrierRefs: {}, purchasedAt: bought })).toBeNull();
    });
  });
});
