import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TrackingReport } from '../carrier.port';
import { trackingReportOf } from './easypost-tracking.mapper';
import { easyPostTrackerUpdatedSchema } from './easypost.schema';

/**
 * EasyPost's pushes (its tracker events, which EasyPost calls webhooks), with no I/O: the signature check and the one event we read. EasyPost signs the raw body
 * only (`X-Hmac-Signature: hmac-sha256-hex=<hex of HMAC-SHA256(body, secret)>`, the secret NFKD-normalised, as its
 * SDKs do), with no time stamp: a replayed event verifies, so handlers must be idempotent by event id.
 */

export const EASYPOST_SIGNATURE_HEADER = 'x-hmac-signature';
const PREFIX = 'hmac-sha256-hex=';
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** The header value EasyPost would send for this body and secret. */
export const easyPostSignatureOf = (rawBody: string, secret: string): string =>
  `${PREFIX}${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8')).update(rawBody, 'utf8').digest('hex')}`;

/**
 * True only when `signatureHeader` is EasyPost's signature of exactly `rawBody` with `secret`. A missing, empty or
 * malformed header, or an empty secret, is refused; the comparison takes the same time whatever the header holds.
 */
export const verifyEasyPostPush = (rawBody: string, signatureHeader: string | null, secret: string): boolean => {
  if (!secret || !signatureHeader) return false;
  const header = signatureHeader.trim();
  if (!header.startsWith(PREFIX) || !HEX_SHA256.test(header.slice(PREFIX.length))) return false;
  const given = Buffer.from(header.slice(PREFIX.length).toLowerCase(), 'hex');
  const expected = Buffer.from(easyPostSignatureOf(rawBody, secret).slice(PREFIX.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export interface TrackerUpdate {
  /** `evt_…`: EasyPost delivers at least once, so this is the key to process each event once. */
  eventId: string;
  trackingCode: string;
  report: TrackingReport;
}

/** A `tracker.updated` event's tracking; null for any other event or a body that is not one. */
export const parseTrackerUpdated = (rawBody: string): TrackerUpdate | null => {
  let json: unknown;
  try {
    json = JSON.parse(rawBody) as unknown;
  } catch {
    return null;
  }
  const event = easyPostTrackerUpdatedSchema.safeParse(json);
  if (!event.success) return null;
  return { eventId: event.data.id, trackingCode: event.data.result.tracking_code, report: trackingReportOf(event.data.result) };
};
