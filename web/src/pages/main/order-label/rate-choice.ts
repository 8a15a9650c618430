import type { AvailableService, Courier, Rate, RateTag } from '@labeldesk/contracts';
import { courierOfUid } from '../../../libs/courier-of-uid';
import { formatDateTime } from '../../../libs/format';

const TAG_LABELS: Readonly<Record<RateTag, string>> = { cheapest: 'Cheapest', fastest: 'Fastest', 'best value': 'Best value' };

export const tagLabel = (tag: RateTag): string => TAG_LABELS[tag];

/** A date-only `YYYY-MM-DD` is that calendar day wherever the browser is; `new Date()` would read it as UTC midnight. */
const deliveryDay = (date: string): string => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return day ? `${day[3]}-${day[2]}-${day[1]}` : formatDateTime(date).split(' ')[0] ?? '--';
};

/** How long the parcel takes, as the carrier states it: business days, else the date it gives, else said plainly. */
export const deliveryText = (rate: Pick<Rate, 'deliveryDays' | 'deliveryDate'>): string => {
  if (rate.deliveryDays === 0) return 'Same business day';
  if (rate.deliveryDays !== null) return `${rate.deliveryDays} business ${rate.deliveryDays === 1 ? 'day' : 'days'}`;
  if (rate.deliveryDate) return `Delivered by ${deliveryDay(rate.deliveryDate)}`;
  return 'Delivery date not stated';
};

/**
 * The form's values that buy a rate: its service under its courier, in its packaging (empty: the sender's own box). The
 * server prices it again when the label is bought.
 */
export const rateChoice = (rate: Pick<Rate, 'service' | 'carrier' | 'packaging'>): { service_name: string; courier: Courier; package_packaging: string } => ({
  service_name: rate.service,
  courier: rate.carrier,
  package_packaging: rate.packaging?.id ?? '',
});

/** A rate's key in the list: its offering, and its packaging when it has one (a service may be listed in several). */
export const rateKey = (rate: Pick<Rate, 'offeringUid' | 'packaging'>): string => (rate.packaging ? `${rate.offeringUid}:${rate.packaging.id ?? rate.packaging.kind}` : rate.offeringUid);

/** The services in the sender's own box. */
export const ownBoxRates = (rates: readonly Rate[]): Rate[] => rates.filter((rate) => !rate.packaging);

/** Cheaper packaging (USPS Cubic, Flat Rate) an order can buy, cheapest first. */
export const packagingRates = (rates: readonly Rate[]): Rate[] => rates.filter((rate) => rate.packaging?.id !== undefined);

/** Cheaper packaging no carrier here sells: advice only. */
export const packagingAdvice = (rates: readonly Rate[]): Rate[] => rates.filter((rate) => rate.packaging !== undefined && rate.packaging.id === undefined);

/** The rate the form would buy, if the comparison lists it: the one of the chosen service, courier and packaging. */
export const chosenRate = (rates: readonly Rate[], serviceName: string, courier: string, packaging = ''): Rate | undefined =>
  rates.find((rate) => rate.service === serviceName && rate.carrier === courier && (rate.packaging?.id ?? '') === packaging && !rate.packaging?.adviceOnly);

/**
 * The courier of a service picked from the list: the comparison's when it rates that service, else the courier its uid
 * begins with (uids are `<courier>_<service>`, e.g. `ups_ground`), else USPS, as the server reads a uid it does not know.
 */
export const courierOfChoice = (name: string, services: readonly AvailableService[], rates: readonly Rate[]): Courier => {
  const rated = rates.find((rate) => rate.service === name);
  if (rated) return rated.carrier;
  return courierOfUid(services.find((service) => service.name === name)?.uid ?? '');
};
