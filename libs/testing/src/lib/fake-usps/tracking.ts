/**
 * The fake's USPS Tracking v3: the scans of each label it sold, answered as `GET /tracking/v3/tracking/{n}?expand=DETAIL`
 * does (Tracking OpenAPI 3.2.6 field names; events newest first).
 */

/** The scans a test can add: each is the eventType, eventCode and statusCategory USPS shows for it. */
export type FakeUspsScanKind = 'accepted' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'alert' | 'available_for_pickup' | 'return_to_sender';

export interface FakeUspsScan {
  eventType: string;
  eventCode: string | null;
  statusCategory: string;
  at: Date;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const PRESETS: Readonly<Record<FakeUspsScanKind | 'label_created', Pick<FakeUspsScan, 'eventType' | 'eventCode' | 'statusCategory'>>> = {
  label_created: { eventType: 'Shipping Label Created, USPS Awaiting Item', eventCode: 'MA', statusCategory: 'Pre-Shipment' },
  accepted: { eventType: 'Accepted at USPS Origin Facility', eventCode: 'OA', statusCategory: 'Accepted' },
  in_transit: { eventType: 'Arrived at USPS Regional Facility', eventCode: '10', statusCategory: 'In Transit' },
  out_for_delivery: { eventType: 'Out for Delivery', eventCode: 'OF', statusCategory: 'Out for Delivery' },
  delivered: { eventType: 'Delivered, In/At Mailbox', eventCode: '01', statusCategory: 'Delivered' },
  alert: { eventType: 'Notice Left (No Authorized Recipient Available)', eventCode: null, statusCategory: 'Alert' },
  available_for_pickup: { eventType: 'Available for Pickup', eventCode: null, statusCategory: 'Available for Pickup' },
  return_to_sender: { eventType: 'Return to Sender', eventCode: null, statusCategory: 'Return to Sender' },
};

export const FAKE_USPS_SCAN_KINDS = Object.keys(PRESETS).filter((kind) => kind !== 'label_created') as FakeUspsScanKind[];

export const scanOf = (kind: FakeUspsScanKind | 'label_created', at: Date, place: { city?: string | null; state?: string | null; zip?: string | null } = {}): FakeUspsScan => ({
  ...PRESETS[kind],
  at,
  city: place.city ?? null,
  state: place.state ?? null,
  zip: place.zip ?? null,
});

const centralParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** The local (Central) time of a scan without a zone, and its offset, as USPS gives `eventTimestamp` and `GMTOffset`. */
const centralLocal = (at: Date): { local: string; offset: string } => {
  const parts = centralParts.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return { local: `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`, offset };
};

/** `TrackingDetails.mailClass` as Tracking 3.2.6 enumerates it; a class it does not list (Ground Advantage) is left out. */
const TRACKING_MAIL_CLASSES = new Set(['PRIORITY_MAIL', 'PRIORITY_MAIL_EXPRESS', 'PARCEL_SELECT', 'PARCEL_SELECT_LIGHTWEIGHT', 'MEDIA_MAIL', 'LIBRARY_MAIL', 'BOUND_PRINTED_MATTER', 'FIRST-CLASS_MAIL']);

/** The fields that have a value: the spec makes none of them nullable. */
const present = (fields: Record<string, string | boolean | null>): Record<string, string | boolean> =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string | boolean] => entry[1] !== null));

/**
 * The tracking answer (`TrackingDetails`) for a label's scans (oldest first in `scans`, newest first in the answer).
 * `eventTimestamp` is the Central wall-clock time with its offset, because the spec makes it an RFC 3339 date-time;
 * USPS's live answers (karrio's recorded `test_tracking.py`) give it without the offset, beside `GMTOffset`, and give
 * nulls and a human-readable `mailClass` the spec does not allow.
 */
export const trackingAnswer = (trackingNumber: string, mailClass: string, scans: readonly FakeUspsScan[]): Record<string, unknown> => {
  const newestFirst = [...scans].reverse();
  const latest = newestFirst[0];
  return {
    trackingNumber,
    ...(TRACKING_MAIL_CLASSES.has(mailClass) ? { mailClass } : {}),
    ...(latest ? { status: latest.eventType, statusCategory: latest.statusCategory, statusSummary: `Your item's latest scan: ${latest.eventType}.` } : {}),
    trackingEvents: newestFirst.map((scan) => {
      const { local, offset } = centralLocal(scan.at);
      return present({
        eventType: scan.eventType,
        eventTimestamp: `${local}${offset}`,
        GMTTimestamp: scan.at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        GMTOffset: offset,
        eventCity: scan.city,
        eventState: scan.state,
        eventZIP: scan.zip,
        authorizedAgent: false,
        eventCode: scan.eventCode,
      });
    }),
  };
};
