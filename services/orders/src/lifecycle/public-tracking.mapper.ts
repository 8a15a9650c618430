import type { LabelTracking, PublicTracking, PublicTrackingEvent, TrackingEventView } from '@labeldesk/contracts';
import type { ChargedLabel } from './label-voids.repository';

const STATE = /\b([A-Z]{2})\b/;
/** A place that is a state and maybe a ZIP, nothing else (`TN 38118`). */
const STATE_ONLY = /^[A-Z]{2}(?:\s+\d{5}(?:-\d{4})?)?$/;

/**
 * A carrier's place (`City, ST 12345`, as the carrier mappers write it) cut to the city and state: a ZIP narrows the
 * buyer's address to a few streets, and a part with digits in it may be a street. Null when nothing safe is left.
 */
export const cityAndStateOf = (location: string | null): string | null => {
  if (!location) return null;
  const [head = '', ...rest] = location.split(',').map((part) => part.trim());
  const tail = rest.join(' ');
  // With no comma the one part is a city or `ST 12345`: a lone state is kept, anything else with digits is not.
  const lonePlace = rest.length === 0;
  const city = lonePlace && STATE_ONLY.test(head) ? '' : head;
  const state = (lonePlace ? (STATE_ONLY.test(head) ? head : '') : tail).match(STATE)?.[1] ?? '';
  const safeCity = /\d/.test(city) ? '' : city;
  return [safeCity, state].filter(Boolean).join(', ') || null;
};

const escapeForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A scan's words without the receiver's name (some couriers write who signed): the buyer's page is seen by anyone. */
export const withoutName = (message: string, receiverName: string): string => {
  const name = receiverName.trim();
  if (name.length < 2) return message;
  return message.replace(new RegExp(escapeForPattern(name), 'gi'), 'the receiver');
};

const publicEventOf = (event: TrackingEventView, receiverName: string): PublicTrackingEvent => ({
  status: event.status,
  message: withoutName(event.message, receiverName),
  occurredAt: event.occurredAt,
  place: cityAndStateOf(event.location),
});

/** What a buyer may see of a label (decision 089): no receiver, no street or ZIP, no price, no label carrier. */
export const publicTrackingOf = (label: Pick<ChargedLabel, 'serviceName' | 'receiverName'>, sellerName: string, tracking: LabelTracking): PublicTracking => ({
  sellerName,
  courier: tracking.courier,
  serviceName: label.serviceName,
  trackingNumber: tracking.trackingNumber,
  status: tracking.status,
  events: tracking.events.map((event) => publicEventOf(event, label.receiverName)),
  checkedAt: tracking.checkedAt,
});
