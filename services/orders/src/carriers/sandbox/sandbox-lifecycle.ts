import { COURIER_NAMES, COURIER_VOID_WINDOW_DAYS } from '@labeldesk/contracts';
import { createHash } from 'node:crypto';
import { type RefundCheck, type TrackingEvent, type TrackingReport, UNUSED_TRACKING_STATUSES, type VoidOutcome } from '../carrier.port';
import { nextCentralManifest } from '../../common';
import { isSandboxFedExTrackingNumber, isSandboxUpsTrackingNumber } from './courier-tracking-numbers';
import { isSandboxDhlWaybill, isSandboxS10Number } from './abroad/tracking-numbers';
import { SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID, isValidImpbTrackingNumber } from './impb';
import { type SandboxCourier, TRACKING_WORDS } from './sandbox-tracking-words';

/**
 * When the sandbox's simulated manifest of a label happens: `purchasedAt + manifestAfterSeconds` when set (browser
 * tests wait seconds, not a night), else 12:30am Central the next day.
 */
export const simulatedManifestAt = (purchasedAt: Date, manifestAfterSeconds: number | null): Date =>
  manifestAfterSeconds === null ? nextCentralManifest(purchasedAt) : new Date(purchasedAt.getTime() + manifestAfterSeconds * 1000);

/**
 * What happens to a sandbox label after its purchase (void, refund, tracking), decided from its tracking number, its
 * purchase instant and the clock alone: every replica and every restart tells the same story, with no shared state.
 */
export interface SandboxLifecycleSettings {
  /** Seconds from purchase to the simulated manifest; null: 12:30am Central the next day, as USPS does. */
  manifestAfterSeconds: number | null;
  /** Share (0..1) of labels that get scanned and travel, picked by a hash of the tracking number. */
  trackingShare: number;
  /** Seconds from purchase to the acceptance scan of a label that travels. */
  scanAfterSeconds: number;
  /** Days from the refund request until the simulated USPS settles it (0: at the next question). */
  refundDays: number;
}

export const DEFAULT_SANDBOX_LIFECYCLE: Readonly<SandboxLifecycleSettings> = Object.freeze({
  manifestAfterSeconds: null,
  trackingShare: 0.3,
  scanAfterSeconds: 21_600,
  refundDays: 14,
});

export const SANDBOX_SCANNED_MESSAGE = TRACKING_WORDS.usps.scanned;
export const SANDBOX_USED_REASON = TRACKING_WORDS.usps.used;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Plausible sorting facilities' places (every courier has hubs there); a label's three stops are picked from its tracking number's hash. */
const PLACES = [
  'Chicago, IL 60607',
  'Dallas, TX 75260',
  'Atlanta, GA 30320',
  'Denver, CO 80266',
  'Phoenix, AZ 85026',
  'Columbus, OH 43216',
  'Memphis, TN 38118',
  'Seattle, WA 98168',
  'Kansas City, MO 64121',
  'Pittsburgh, PA 15290',
  'Sacramento, CA 95813',
  'Jacksonville, FL 32203',
] as const;

const digestOf = (trackingNumber: string): Buffer => createHash('sha256').update(`sandbox-tracking:${trackingNumber}`).digest();

/** A number in [0, 1) that depends only on the tracking number. */
export const trackingDraw = (trackingNumber: string): number => digestOf(trackingNumber).readUInt32BE(0) / 2 ** 32;

/** True when this label is one of the `share` that the simulated courier scans and carries. */
export const travelsInSandbox = (trackingNumber: string, share: number): boolean => trackingDraw(trackingNumber) < share;

const placeOf = (digest: Buffer, byte: number): string => PLACES[(digest[byte] ?? 0) % PLACES.length] ?? PLACES[0];

/**
 * The courier of a tracking number the sandbox could have issued: a valid IMpb under its channel and test Mailer ID
 * (USPS), a 1Z number of its shipper (UPS) or a 12-digit number under its prefix (FedEx); null for any other.
 */
export const sandboxCourierOf = (trackingNumber: string): SandboxCourier | null => {
  if (isValidImpbTrackingNumber(trackingNumber) && trackingNumber.startsWith(SANDBOX_CHANNEL) && trackingNumber.slice(5, 14) === SANDBOX_TEST_MAILER_ID) return 'usps';
  if (isSandboxUpsTrackingNumber(trackingNumber)) return 'ups';
  if (isSandboxFedExTrackingNumber(trackingNumber)) return 'fedex';
  // Abroad (decision 098): USPS's S10 item numbers and DHL Express waybills of the sandbox's own range.
  if (isSandboxS10Number(trackingNumber)) return 'usps';
  if (isSandboxDhlWaybill(trackingNumber)) return 'dhl_express';
  return null;
};

export const isSandboxTrackingNumber = (trackingNumber: string): boolean => sandboxCourierOf(trackingNumber) !== null;

const wordsOf = (trackingNumber: string) => TRACKING_WORDS[sandboxCourierOf(trackingNumber) ?? 'usps'];

/** Every event of the label's simulated life, reported or not yet. */
const scheduleOf = (trackingNumber: string, purchasedAt: Date, settings: SandboxLifecycleSettings): TrackingEvent[] => {
  const at = (offsetMs: number) => new Date(purchasedAt.getTime() + offsetMs);
  const words = wordsOf(trackingNumber);
  const created: TrackingEvent = { status: 'pre_transit', message: words.created, occurredAt: at(0), location: null };
  if (!travelsInSandbox(trackingNumber, settings.trackingShare)) return [created];
  const digest = digestOf(trackingNumber);
  const origin = placeOf(digest, 4);
  const regional = placeOf(digest, 5);
  const destination = placeOf(digest, 6);
  const scan = settings.scanAfterSeconds * 1000;
  return [
    created,
    { status: 'in_transit', message: words.accepted, occurredAt: at(scan), location: origin },
    { status: 'in_transit', message: words.regional, occurredAt: at(scan + 6 * HOUR_MS), location: regional },
    { status: 'out_for_delivery', message: words.outForDelivery, occurredAt: at(scan + 20 * HOUR_MS), location: destination },
    { status: 'delivered', message: words.delivered, occurredAt: at(scan + 26 * HOUR_MS), location: destination },
  ];
};

/** The label's tracking as of `now`: the events whose time has come, oldest first; the status is the last one's. */
export const simulatedTracking = (trackingNumber: string, purchasedAt: Date, now: Date, settings: SandboxLifecycleSettings): TrackingReport => {
  const events = scheduleOf(trackingNumber, purchasedAt, settings).filter((event) => event.occurredAt.getTime() <= now.getTime());
  return { status: events.at(-1)?.status ?? 'unknown', events };
};

/** A scan that uses the label (anything past "label created"). */
export const hasUsingScan = (report: TrackingReport): boolean => report.events.some((event) => !UNUSED_TRACKING_STATUSES.has(event.status));

/**
 * USPS: void before the simulated manifest is free; after it, a refund request; never for a scanned package. A label on
 * a SCAN form (`manifestedAt`) is manifested from that instant, as USPS sends its form's labels within minutes.
 * UPS and FedEx: voided at once while unscanned, within COURIER_VOID_WINDOW_DAYS of the purchase.
 */
export const simulatedVoid = (trackingNumber: string, purchasedAt: Date, now: Date, settings: SandboxLifecycleSettings, manifestedAt: Date | null = null): VoidOutcome => {
  const courier = sandboxCourierOf(trackingNumber) ?? 'usps';
  if (hasUsingScan(simulatedTracking(trackingNumber, purchasedAt, now, settings))) return { kind: 'refused', message: TRACKING_WORDS[courier].scanned };
  // UPS and FedEx refund at once; USPS and DHL Express (whose window is USPS's, COURIER_VOID_WINDOW_DAYS) after the manifest.
  if (courier === 'ups' || courier === 'fedex') return courierVoid(courier, purchasedAt, now);
  const manifest = simulatedManifestAt(purchasedAt, settings.manifestAfterSeconds).getTime();
  const manifested = manifestedAt === null ? manifest : Math.min(manifest, manifestedAt.getTime());
  if (now.getTime() < manifested) return { kind: 'voided' };
  return { kind: 'refund_pending', refundRef: `SBX-${trackingNumber}` };
};

/**
 * UPS and FedEx refund an unused label at once, with nothing waiting on a manifest or a watch for scans, against USPS's
 * 14-day hold: the sandbox answers such a void `voided` at once while the label is inside its courier's window
 * (COURIER_VOID_WINDOW_DAYS), so the embedded mode shows the difference a seller will meet.
 */
const courierVoid = (courier: 'ups' | 'fedex', purchasedAt: Date, now: Date): VoidOutcome => {
  const windowDays = COURIER_VOID_WINDOW_DAYS[courier];
  if (now.getTime() <= purchasedAt.getTime() + windowDays * DAY_MS) return { kind: 'voided' };
  return { kind: 'refused', message: `${COURIER_NAMES[courier]} refunds an unused label voided within ${windowDays} days of its purchase; this one is older.` };
};

/**
 * USPS: pending for `refundDays` after the request; then refunded, unless the package was scanned by then. UPS and
 * FedEx hold no refund (COURIER_VOID_WINDOW_DAYS): one asked about is settled at once.
 */
export const simulatedRefundCheck = (trackingNumber: string, purchasedAt: Date, requestedAt: Date, now: Date, settings: SandboxLifecycleSettings): RefundCheck => {
  const courier = sandboxCourierOf(trackingNumber) ?? 'usps';
  const holdDays = courier === 'ups' || courier === 'fedex' ? 0 : settings.refundDays;
  if (now.getTime() < requestedAt.getTime() + holdDays * DAY_MS) return { kind: 'refund_pending' };
  return hasUsingScan(simulatedTracking(trackingNumber, purchasedAt, now, settings)) ? { kind: 'refund_rejected', reason: TRACKING_WORDS[courier].used } : { kind: 'refunded' };
};

/** Checks settings once, at construction, so a bad value stops the process with its name. */
export const checkedLifecycle = (settings: Partial<SandboxLifecycleSettings>): SandboxLifecycleSettings => {
  const merged = { ...DEFAULT_SANDBOX_LIFECYCLE, ...settings };
  const { manifestAfterSeconds, trackingShare, scanAfterSeconds, refundDays } = merged;
  if (manifestAfterSeconds !== null && !(Number.isInteger(manifestAfterSeconds) && manifestAfterSeconds >= 0)) throw new RangeError(`manifestAfterSeconds must be an integer ≥ 0, got ${manifestAfterSeconds}`);
  if (!(trackingShare >= 0 && trackingShare <= 1)) throw new RangeError(`trackingShare must be within 0..1, got ${trackingShare}`);
  if (!(Number.isInteger(scanAfterSeconds) && scanAfterSeconds >= 0)) throw new RangeError(`scanAfterSeconds must be an integer ≥ 0, got ${scanAfterSeconds}`);
  if (!(Number.isFinite(refundDays) && refundDays >= 0)) throw new RangeError(`refundDays must be ≥ 0, got ${refundDays}`);
  return merged;
};
