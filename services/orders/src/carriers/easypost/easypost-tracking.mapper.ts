import { type RefundCheck, TRACKING_STATUSES, type TrackingEvent, type TrackingReport, type TrackingStatus } from '../carrier.port';
import type { EasyPostRefundStatus, EasyPostTracker, EasyPostTrackingDetail } from './easypost.schema';

/**
 * EasyPost's refund and tracker answers → the port's refund checks and tracking reports, with no I/O.
 */

/** EasyPost: "refunds created very shortly after a label is generated may be improperly flagged as invalid". */
export const REJECTED_RETRY_WINDOW_MS = 2 * 24 * 3_600_000;

export const EASYPOST_REJECTED_REASON = 'EasyPost rejected the refund request, and asking again did not change it.';
export const EASYPOST_NOT_APPLICABLE_REASON = 'USPS does not refund this label: it has been used or is past the refund window.';

/**
 * A shipment's `refund_status` → where the refund stands. A rejection within two days of the request is retried
 * (`retry`: the reconciler voids again); after that it is final. No refund status at all means the request never
 * registered: asking again is the way on.
 */
export const refundCheckOf = (status: EasyPostRefundStatus | null | undefined, requestedAt: Date, now: Date): RefundCheck => {
  switch (status) {
    case 'submitted':
      return { kind: 'refund_pending' };
    case 'refunded':
      return { kind: 'refunded' };
    case 'not_applicable':
      return { kind: 'refund_rejected', reason: EASYPOST_NOT_APPLICABLE_REASON };
    case 'rejected':
      return now.getTime() - requestedAt.getTime() < REJECTED_RETRY_WINDOW_MS
        ? { kind: 'retry', message: 'EasyPost rejected the refund request; refunds asked soon after the purchase may be flagged by mistake, so it is asked again.' }
        : { kind: 'refund_rejected', reason: EASYPOST_REJECTED_REASON };
    default:
      return { kind: 'retry', message: 'EasyPost has no refund request for this label; it is asked again.' };
  }
};

const KNOWN_STATUSES: ReadonlySet<string> = new Set(TRACKING_STATUSES);

/** EasyPost's ten tracker statuses are ours; anything else (or nothing) is `unknown`. */
export const trackingStatusOf = (status: string | null | undefined): TrackingStatus => (status && KNOWN_STATUSES.has(status) ? (status as TrackingStatus) : 'unknown');

/** `City, ST 12345` from the parts EasyPost gave; null when it gave none. */
export const locationOf = (location: EasyPostTrackingDetail['tracking_location']): string | null => {
  if (!location) return null;
  const city = location.city?.trim() || null;
  const stateZip = [location.state?.trim(), location.zip?.trim()].filter((part): part is string => Boolean(part)).join(' ');
  const text = [city, stateZip || null].filter((part): part is string => part !== null).join(', ');
  return text || null;
};

const eventOf = (detail: EasyPostTrackingDetail): TrackingEvent | null => {
  const occurredAt = new Date(detail.datetime);
  if (Number.isNaN(occurredAt.getTime())) return null;
  const status = trackingStatusOf(detail.status);
  return { status, message: detail.message?.trim() || detail.description?.trim() || status.replace(/_/g, ' '), occurredAt, location: locationOf(detail.tracking_location) };
};

/** A tracker → our report: events oldest first (unreadable dates dropped), the tracker's own status. */
export const trackingReportOf = (tracker: EasyPostTracker): TrackingReport => {
  const events = tracker.tracking_details
    .map(eventOf)
    .filter((event): event is TrackingEvent => event !== null)
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  return { status: trackingStatusOf(tracker.status), events };
};
