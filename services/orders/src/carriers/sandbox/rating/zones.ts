import { courierName, type Courier } from '@labeldesk/contracts';
import { placeZip, type ZipPlace } from './zip-place';

type Located = Extract<ZipPlace, { kind: 'located' }>;
type Placed = Exclude<ZipPlace, { kind: 'unplaced' }>;

export type ZoneResult = { zone: number } | { unavailable: string };

/**
 * Upper bounds, in miles, of USPS zones 1 to 7; farther is zone 8 (zone 9 is the Pacific territories, zip-place.ts).
 * USPS zones measure "the air mileage along a great circle line between three digit ZIP Code prefix areas" (USPS
 * Publication 32, Glossary of Postal Terms, "zone"); the bands 1–50, 51–150, 151–300, 301–600, 601–1000, 1001–1400,
 * 1401–1800 and 1801+ miles are as published by shippingschool.com ("What USPS zone am I located in?") and
 * shipnetwork.com ("Postal zones": "Zone 2 - 51 to 150-mile radius" …).
 */
export const USPS_ZONE_UPPER_MILES: readonly number[] = [50, 150, 300, 600, 1_000, 1_400, 1_800];

const EARTH_RADIUS_MILES = 3_958.8;

/**
 * The mean distance between two random points of a square is 0.5214 × its side: two different ZIP3 areas of one state
 * are taken to lie that far apart in a square of the state's land area (California ≈ 205 mi, zone 3; Rhode Island ≈
 * 17 mi, zone 1), since one point per state cannot tell them apart.
 */
const MEAN_DISTANCE_IN_UNIT_SQUARE = 0.5214;

export const zoneForMiles = (miles: number): number => {
  const rounded = Math.round(miles);
  const index = USPS_ZONE_UPPER_MILES.findIndex((upper) => rounded <= upper);
  return index === -1 ? USPS_ZONE_UPPER_MILES.length + 1 : index + 1;
};

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance between two points on a sphere of the Earth's mean radius. */
export const greatCircleMiles = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number => {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
};

export const milesBetween = (from: Located, to: Located): number => {
  if (from.zip3 === to.zip3) return 0;
  if (from.locationKey === to.locationKey) return MEAN_DISTANCE_IN_UNIT_SQUARE * Math.sqrt(from.location.landSqMi);
  return greatCircleMiles(from.location, to.location);
};

const uspsZoneOf = (from: Placed, to: Placed): number =>
  from.kind === 'pacific' || to.kind === 'pacific' ? 9 : zoneForMiles(milesBetween(from, to));

/**
 * UPS and FedEx number their domestic ground zones 2 to 8 by the same kind of distance (zone 2 is local); they do not
 * deliver to military post offices (APO/FPO/DPO) and have no domestic service to the Pacific territories.
 */
const expressCourierZone = (courier: Courier, from: Placed, to: Placed): ZoneResult => {
  const name = courierName(courier);
  if (from.kind === 'pacific' || to.kind === 'pacific') {
    return { unavailable: `${name} has no domestic service to or from Guam, the Northern Mariana Islands, American Samoa or the freely associated states` };
  }
  if (from.military || to.military) return { unavailable: `${name} does not deliver to or from military (APO/FPO/DPO) addresses; USPS does` };
  return { zone: Math.min(8, Math.max(2, zoneForMiles(milesBetween(from, to)))) };
};

/** The zone a courier prices a US → US parcel in, from the two ZIPs' 3-digit areas. */
export const zoneFor = (courier: Courier, fromZip: string, toZip: string): ZoneResult => {
  const from = placeZip(fromZip);
  if (from.kind === 'unplaced') return { unavailable: `From ZIP: ${from.reason}` };
  const to = placeZip(toZip);
  if (to.kind === 'unplaced') return { unavailable: `To ZIP: ${to.reason}` };
  return courier === 'usps' ? { zone: uspsZoneOf(from, to) } : expressCourierZone(courier, from, to);
};
