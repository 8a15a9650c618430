import type { FakeRoute, FakeService } from './rates';
import { dhlExpressTrackingNumber, fedExTrackingNumber, upsTrackingNumber } from './tracking-numbers';

/**
 * The fake's UPS, FedEx and DHL Express services, priced by zone and billable weight as those couriers price them.
 * Figures are the fake's own, anchored on the UPS rates EasyPost recorded for a 15.4 oz 10×8×4 in parcel from San
 * Francisco to Redondo Beach (easypost-java claim/create cassette, recorded/carriers.json `upsRated`: Ground 14.88,
 * 3DaySelect 22.41, 2ndDayAir 29.39, NextDayAir 88.31), taken as zone 4; FedEx's sit beside UPS's.
 */

/** A ZIP code's first digit names a national area (USPS); its rough centre, in degrees of latitude and longitude. */
const AREA_CENTRES: ReadonlyArray<readonly [number, number]> = [
  [42.4, -72.0], // 0: New England, New Jersey
  [41.5, -76.5], // 1: New York, Pennsylvania, Delaware
  [37.5, -79.0], // 2: DC, Maryland, Virginias, Carolinas
  [32.0, -84.5], // 3: Alabama, Florida, Georgia, Mississippi, Tennessee
  [40.5, -84.5], // 4: Indiana, Kentucky, Michigan, Ohio
  [44.5, -94.0], // 5: Iowa, Minnesota, Dakotas, Montana, Wisconsin
  [39.5, -93.0], // 6: Illinois, Kansas, Missouri, Nebraska
  [32.5, -96.0], // 7: Arkansas, Louisiana, Oklahoma, Texas
  [39.5, -108.5], // 8: Mountain states
  [38.0, -121.0], // 9: Pacific states
];

const EARTH_RADIUS_MILES = 3959;

const milesBetween = ([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]): number => {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(a));
};

/** UPS's and FedEx's ground zones by distance: 2 up to 150 miles, then 3 to 8 (UPS zone charts' bands). */
const ZONE_LIMITS_MILES = [150, 300, 600, 1000, 1400, 1800];

/** The zone of a ZIP pair: 2 within one ZIP3, else by the distance between their areas (at least 3 between ZIP3s). */
export const zoneOf = (fromZip: string, toZip: string): number => {
  if (fromZip.slice(0, 3) === toZip.slice(0, 3)) return 2;
  const from = AREA_CENTRES[Number(fromZip[0])] ?? AREA_CENTRES[0];
  const to = AREA_CENTRES[Number(toZip[0])] ?? AREA_CENTRES[0];
  const miles = from && to ? milesBetween(from, to) : 0;
  const band = ZONE_LIMITS_MILES.findIndex((limit) => miles <= limit);
  return Math.max(3, band === -1 ? 8 : band + 2);
};

/** UPS and FedEx daily rates divide L × W × H (inches) by 139 for the dimensional weight (research/wave4.md). */
const DIM_DIVISOR = 139;

/** Whole pounds billed: the actual weight or the dimensional one, whichever is more, rounded up. */
export const billablePounds = (route: FakeRoute): number => {
  const actual = Math.max(1, Math.ceil(route.weightOz / 16));
  const { lengthIn, widthIn, heightIn } = route;
  if (lengthIn === null || widthIn === null || heightIn === null) return actual;
  return Math.max(actual, Math.ceil((lengthIn * widthIn * heightIn) / DIM_DIVISOR));
};

/** Each zone past 4 costs a tenth more, each one under it a tenth less. */
const zoned = (cents: number, zone: number): number => Math.round(cents * (1 + (zone - 4) / 10));

const priced = (firstPoundCents: number, extraPoundCents: number) => (route: FakeRoute): number =>
  zoned(firstPoundCents + (billablePounds(route) - 1) * extraPoundCents, zoneOf(route.fromZip, route.toZip));

/** Ground takes a day a zone or so: 1 day in zone 2, 5 in zone 8. */
const groundDays = (route: FakeRoute): number => [1, 2, 3, 3, 4, 5, 5][zoneOf(route.fromZip, route.toZip) - 2] ?? 5;

interface CourierService {
  service: string;
  days: number | ((route: FakeRoute) => number);
  hour: number;
  guaranteed: boolean;
  price: (route: FakeRoute) => number;
}

const serviceOf = (trackingNumber: (serial: number) => string) => ({ service, days, hour, guaranteed, price }: CourierService): FakeService => ({
  service,
  deliveryDays: typeof days === 'number' ? () => days : days,
  deliveryHourUtc: hour,
  guaranteed,
  priceCents: price,
  trackingNumber,
});

/** UPS's service codes inside `1Z` numbers: 01 Next Day Air, 02 2nd Day Air, 03 Ground, 12 3 Day Select. */
const ups = (code: string, service: CourierService): FakeService => serviceOf((serial) => upsTrackingNumber(code, serial))(service);

/** EasyPost's UPS service names as recorded (carrier metadata and the claim cassette's rates). */
export const UPS_SERVICES: readonly FakeService[] = [
  ups('03', { service: 'Ground', days: groundDays, hour: 23, guaranteed: false, price: priced(1488, 160) }),
  ups('12', { service: '3DaySelect', days: 3, hour: 23, guaranteed: false, price: priced(2241, 290) }),
  ups('02', { service: '2ndDayAir', days: 2, hour: 23, guaranteed: false, price: priced(2939, 410) }),
  ups('01', { service: 'NextDayAir', days: 1, hour: 10, guaranteed: true, price: priced(8831, 720) }),
];

/** EasyPost's FedEx service names (easypost-java carrier_metadata cassette). */
export const FEDEX_SERVICES: readonly FakeService[] = [
  { service: 'FEDEX_GROUND', days: groundDays, hour: 23, guaranteed: false, price: priced(1442, 155) },
  { service: 'FEDEX_EXPRESS_SAVER', days: 3, hour: 23, guaranteed: true, price: priced(2510, 300) },
  { service: 'FEDEX_2_DAY', days: 2, hour: 23, guaranteed: true, price: priced(2995, 420) },
  { service: 'STANDARD_OVERNIGHT', days: 1, hour: 17, guaranteed: true, price: priced(8460, 700) },
].map(serviceOf(fedExTrackingNumber));

/** DHL Express's worldwide parcel service (carrier metadata: `ExpressWorldwideNonDoc`); international only. */
export const DHL_EXPRESS_SERVICES: readonly FakeService[] = [{ service: 'ExpressWorldwideNonDoc', days: 3, hour: 23, guaranteed: true, price: priced(5260, 610) }].map(serviceOf(dhlExpressTrackingNumber));

/** Abroad a courier prices by the country's group, not a US zone: Canada and Mexico, Europe, everywhere else. */
const NEAR = ['CA', 'MX'];
const EUROPE = ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'IE', 'IT', 'NL', 'NO', 'PL', 'PT', 'SE'];

const pricedAbroad = (firstPoundCents: readonly [number, number, number], extraPoundCents: number) => (route: FakeRoute): number => {
  const group = NEAR.includes(route.toCountry) ? 0 : EUROPE.includes(route.toCountry) ? 1 : 2;
  return (firstPoundCents[group] ?? 0) + (billablePounds(route) - 1) * extraPoundCents;
};

/**
 * UPS abroad as EasyPost's rates name it (recorded/abroad-rates.json): Worldwide Saver (`UPSSaver`), Worldwide
 * Expedited (`Expedited`) and Standard (`UPSStandard`, to Canada and Mexico only, by road). The 1Z service codes are
 * those of UPS's Rating API (65 Saver, 08 Expedited, 11 Standard). Prices are the fake's own, in the order of the
 * recorded ones (to Romania: Expedited 122.88, Saver 179.95).
 */
export const UPS_INTERNATIONAL_SERVICES: readonly FakeService[] = [
  ups('65', { service: 'UPSSaver', days: 3, hour: 23, guaranteed: true, price: pricedAbroad([6_450, 9_850, 11_250], 880) }),
  ups('08', { service: 'Expedited', days: 5, hour: 23, guaranteed: true, price: pricedAbroad([5_120, 7_290, 8_400], 640) }),
  { ...ups('11', { service: 'UPSStandard', days: 4, hour: 23, guaranteed: true, price: pricedAbroad([2_780, 2_780, 2_780], 310) }), countries: NEAR },
];

/**
 * FedEx abroad as EasyPost's rates name it (recorded/abroad-rates.json): `INTERNATIONAL_PRIORITY` and
 * `INTERNATIONAL_ECONOMY` (Economy the cheaper, as recorded: list 220.07 against 263.94). Prices are the fake's own.
 */
export const FEDEX_INTERNATIONAL_SERVICES: readonly FakeService[] = [
  { service: 'INTERNATIONAL_PRIORITY', days: 3, hour: 23, guaranteed: true, price: pricedAbroad([6_210, 9_420, 10_880], 850) },
  { service: 'INTERNATIONAL_ECONOMY', days: 5, hour: 23, guaranteed: false, price: pricedAbroad([4_980, 7_660, 8_990], 620) },
].map(serviceOf(fedExTrackingNumber));
