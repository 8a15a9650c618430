import { type RefundCheck, type TrackingEvent, type TrackingReport, type TrackingStatus, UNUSED_TRACKING_STATUSES } from '../carrier.port';
import type { UspsTrackingEvent, UspsTrackingResponse } from './usps.schema';

/**
 * USPS Tracking v3 answers → the port's tracking reports (EasyPost's ten statuses), and the refund rule USPS leaves to
 * us, with no I/O.
 */

/**
 * Words of USPS's `statusCategory`, `status` and `eventType`, most specific first: "Delivery Attempted" must not read
 * as delivered, nor "Return to Sender … Delivered" as delivered to the recipient.
 */
const BY_WORDS: ReadonlyArray<readonly [RegExp, TrackingStatus]> = [
  [/label cancel|cancelled|canceled/i, 'cancelled'],
  [/return(ed)? to sender/i, 'return_to_sender'],
  [/out for delivery/i, 'out_for_delivery'],
  [/available for pickup|ready for pickup|held at post office|pickup available/i, 'available_for_pickup'],
  [/alert|notice left|attempt|undeliverable|refused|no access|insufficient address|addressee unknown|damaged|seized|missent|delayed|dead mail/i, 'failure'],
  [/delivered/i, 'delivered'],
  [/pre-?shipment|label created|shipping label|awaiting item|shipment info received|electronic (shipping )?info/i, 'pre_transit'],
  [/accepted|acceptance|in transit|arrived|departed|processed|processing|picked up|forwarded|origin|facility|moving/i, 'in_transit'],
];

/**
 * Event codes (Pub 199 App. G-4) read only when the words say nothing: the few whose meaning is unambiguous. `MA` is the
 * electronic "label created" event, `03`/`OA` acceptance, `10` processed, `OF` out for delivery, `01` delivered.
 */
const BY_CODE: Readonly<Record<string, TrackingStatus>> = {
  MA: 'pre_transit',
  '03': 'in_transit',
  OA: 'in_transit',
  '10': 'in_transit',
  OF: 'out_for_delivery',
  '01': 'delivered',
};

const byWords = (text: string | null | undefined): TrackingStatus | null => {
  if (!text) return null;
  return BY_WORDS.find(([words]) => words.test(text))?.[1] ?? null;
};

/** One USPS event → our status: its words, else its code, else unknown. */
export const eventStatusOf = (event: Pick<UspsTrackingEvent, 'eventType' | 'eventCode'>): TrackingStatus =>
  byWords(event.eventType) ?? (event.eventCode ? BY_CODE[event.eventCode.toUpperCase()] : undefined) ?? 'unknown';

/** The package's status: its category ("Pre-Shipment", "Accepted", "Delivered", "Alert"…), else its status line. */
export const packageStatusOf = (response: Pick<UspsTrackingResponse, 'statusCategory' | 'status'>): TrackingStatus | null =>
  byWords(response.statusCategory) ?? byWords(response.status);

/** `+HH:MM`/`-HH:MM`, or null. */
const OFFSET = /^[+-]\d{2}:\d{2}$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * When the scan happened: `GMTTimestamp` (UTC, with or without its `Z`), else `eventTimestamp` with `GMTOffset`, else
 * `eventTimestamp` when it carries a zone. A local time with no offset is not guessed at.
 */
export const occurredAtOf = (event: Pick<UspsTrackingEvent, 'GMTTimestamp' | 'eventTimestamp' | 'GMTOffset'>): Date | null => {
  const candidates: string[] = [];
  if (event.GMTTimestamp) candidates.push(HAS_ZONE.test(event.GMTTimestamp) ? event.GMTTimestamp : `${event.GMTTimestamp}Z`);
  if (event.eventTimestamp) {
    if (HAS_ZONE.test(event.eventTimestamp)) candidates.push(event.eventTimestamp);
    else if (event.GMTOffset && OFFSET.test(event.GMTOffset)) candidates.push(`${event.eventTimestamp}${event.GMTOffset}`);
  }
  for (const candidate of candidates) {
    const at = new Date(candidate);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return null;
};

/** `CITY, ST 12345` from what USPS gave; null when it gave no place. */
export const uspsLocationOf = (event: Pick<UspsTrackingEvent, 'eventCity' | 'eventState' | 'eventZIP'>): string | null => {
  const city = event.eventCity?.trim() || null;
  const stateZip = [event.eventState?.trim(), event.eventZIP?.trim()].filter((part): part is string => Boolean(part)).join(' ');
  return [city, stateZip || null].filter((part): part is string => part !== null).join(', ') || null;
};

/** USPS's answer → our report: events oldest first (USPS lists newest first), undated ones dropped. */
export const uspsTrackingReportOf = (response: UspsTrackingResponse): TrackingReport => {
  const events = response.trackingEvents
    .flatMap((event): TrackingEvent[] => {
      const occurredAt = occurredAtOf(event);
      if (!occurredAt) return [];
      const status = eventStatusOf(event);
      return [{ status, message: event.eventType?.trim() || status.replace(/_/g, ' '), occurredAt, location: uspsLocationOf(event) }];
    })
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  return { status: packageStatusOf(response) ?? events.at(-1)?.status ?? 'unknown', events };
};

export const USPS_USED_REASON = 'USPS recorded a scan of this package, so the label was used.';

const DAY_MS = 86_400_000;

/**
 * USPS publishes no refund status: a refund request (DISPUTED) is settled on the EPS statement weeks later. We take
 * it as settled `settleDays` after the request: refunded when tracking shows no scan past "label created", rejected
 * when it does; without a tracking answer it stays unknown. The reseller carries the risk of USPS deciding otherwise.
 */
export const uspsRefundCheckOf = (requestedAt: Date, now: Date, settleDays: number, tracking: TrackingReport | null): RefundCheck => {
  if (now.getTime() < requestedAt.getTime() + settleDays * DAY_MS) return { kind: 'refund_pending' };
  if (!tracking) return { kind: 'unknown', message: 'USPS tracking did not answer; the refund is checked again later.' };
  const used = tracking.events.some((event) => !UNUSED_TRACKING_STATUSES.has(event.status)) || !UNUSED_TRACKING_STATUSES.has(tracking.status);
  return used ? { kind: 'refund_rejected', reason: USPS_USED_REASON } : { kind: 'refunded' };
};
