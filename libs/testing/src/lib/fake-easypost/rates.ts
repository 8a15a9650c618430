import { s10TrackingNumber, uspsTrackingNumber } from './tracking-numbers';

/**
 * The fake's services and their prices in cents. USPS: commercial-looking figures by weight alone, anchored on the
 * recorded rates of a 15.4 oz parcel (GroundAdvantage 5.93, Priority 6.90, Express 33.10; EasyPost/easypost-node,
 * buys-a-shipment cassette), rising by whole pounds above a pound, as USPS prices do; no zones. The couriers' services
 * (UPS, FedEx, DHL Express) are in courier-rates.ts.
 */

/** What a rate is priced from: the parcel as sent (ounces, inches) and the two ZIP codes. */
export interface FakeRoute {
  weightOz: number;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  fromZip: string;
  toZip: string;
  /** The receiver's ISO country (`US` at home). */
  toCountry: string;
}

export interface FakeService {
  /** EasyPost's service name on a rate (`Priority`, `Ground`, `FEDEX_GROUND`, …). */
  service: string;
  deliveryDays(route: FakeRoute): number;
  /**
   * The UTC hour of the rate's `delivery_date`, or null for none: USPS rates carry none in the recordings, UPS rates
   * a date at 23:00Z (10:30Z for the morning services) (easypost-java claim/create cassette, recorded/carriers.json).
   */
  deliveryHourUtc: number | null;
  /** `delivery_date_guaranteed`: true for UPS's air services as recorded, false for ground and USPS. */
  guaranteed: boolean;
  priceCents(route: FakeRoute): number;
  trackingNumber(serial: number): string;
  /** The only receiver countries it goes to (UPS Standard: Canada and Mexico); every country when absent. */
  countries?: readonly string[];
}

const perPound = (firstPoundCents: number, extraPoundCents: number) => (route: FakeRoute) =>
  firstPoundCents + (Math.max(1, Math.ceil(route.weightOz / 16)) - 1) * extraPoundCents;

const groundAdvantage = (route: FakeRoute): number => {
  // Ground Advantage is priced by the ounce up to 15.99 oz, then by the pound.
  if (route.weightOz <= 4) return 455;
  if (route.weightOz <= 8) return 505;
  if (route.weightOz <= 12) return 560;
  return perPound(593, 105)(route);
};

const usps = (service: string, prefix: string, days: number, priceCents: (route: FakeRoute) => number): FakeService => ({
  service,
  deliveryDays: () => days,
  deliveryHourUtc: null,
  guaranteed: false,
  priceCents,
  trackingNumber: (serial) => uspsTrackingNumber(prefix, serial),
});

/** USPS's three mail classes; the 4-digit IMpb prefix of each (9400 recorded for Ground Advantage). */
export const USPS_SERVICES: readonly FakeService[] = [
  usps('Express', '9470', 2, perPound(3310, 325)),
  usps('Priority', '9405', 2, perPound(690, 115)),
  usps('GroundAdvantage', '9400', 3, groundAdvantage),
];

/** Cents → EasyPost's rate string (`"5.93"`). */
export const rateString = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Cents → EasyPost's fee amount string (`"5.93000"`). */
export const feeString = (cents: number): string => `${rateString(cents)}000`;

/** A share of a price, in whole cents (list and retail rates sit above the commercial one). */
export const markedUp = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

/** Canada and Mexico are USPS's nearest price groups (1 and 2); every other country the fake prices as one group. */
const abroad = (nearCents: number, farCents: number, extraPoundCents: number) => (route: FakeRoute): number =>
  (route.toCountry === 'CA' || route.toCountry === 'MX' ? nearCents : farCents) + (Math.max(1, Math.ceil(route.weightOz / 16)) - 1) * extraPoundCents;

const uspsAbroad = (service: string, prefix: string, days: number, priceCents: (route: FakeRoute) => number): FakeService => ({
  service,
  deliveryDays: () => days,
  deliveryHourUtc: null,
  guaranteed: false,
  priceCents,
  trackingNumber: (serial) => s10TrackingNumber(prefix, serial),
});

/**
 * USPS's services abroad as EasyPost names them (carrier metadata in easypost-node's cassettes), with UPU S10 item
 * numbers: LZ for First-Class Package International, CP for Priority Mail International, EC for Express.
 */
export const USPS_INTERNATIONAL_SERVICES: readonly FakeService[] = [
  uspsAbroad('FirstClassPackageInternationalService', 'LZ', 10, abroad(1625, 1975, 1150)),
  uspsAbroad('PriorityMailInternational', 'CP', 8, abroad(4595, 5795, 450)),
  uspsAbroad('ExpressMailInternational', 'EC', 5, abroad(5895, 7095, 520)),
];
