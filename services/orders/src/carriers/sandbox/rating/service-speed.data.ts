import { zoneTable, type ZoneTable } from './zone-table';

/**
 * How fast each service is: its rank among its courier's services (1 = slowest) and the business days it takes by zone.
 * Days follow the couriers' published service standards in shape: USPS Ground Advantage 2–5 days and Priority Mail
 * 1–3 by distance, Priority Mail Express 1–2; UPS Ground and FedEx Ground 1–5 by zone; the day-definite air services
 * (3 Day Select / Express Saver 3, 2nd Day Air / 2Day 2, Next Day Air / Standard Overnight 1) the same in every zone.
 * Simulated: a real estimate also depends on the origin's cut-off times, weekends and holidays.
 */
export interface ServiceSpeed {
  rank: number;
  days: ZoneTable;
}

const speed = (rank: number, days: ZoneTable): ServiceSpeed => Object.freeze({ rank, days });
const everyDailyZone = (days: number): ZoneTable => zoneTable(2, Array.from({ length: 7 }, () => days));

// zone                                        1  2  3  4  5  6  7  8  9
const GROUND_ADVANTAGE_DAYS = zoneTable(1, [   2, 2, 3, 3, 4, 4, 5, 5, 5]);
const PRIORITY_DAYS = zoneTable(1, [           1, 1, 2, 2, 2, 3, 3, 3, 3]);
const PRIORITY_EXPRESS_DAYS = zoneTable(1, [   1, 1, 1, 1, 1, 2, 2, 2, 2]);
// zone                                           2  3  4  5  6  7  8
const DAILY_GROUND_DAYS = zoneTable(2, [          1, 2, 3, 3, 4, 4, 5]);

export const SERVICE_SPEEDS: Readonly<Record<string, ServiceSpeed>> = Object.freeze({
  usps_ground_advantage: speed(1, GROUND_ADVANTAGE_DAYS),
  usps_priority: speed(2, PRIORITY_DAYS),
  usps_priority_express: speed(3, PRIORITY_EXPRESS_DAYS),
  ups_ground: speed(1, DAILY_GROUND_DAYS),
  ups_3_day_select: speed(2, everyDailyZone(3)),
  ups_2nd_day_air: speed(3, everyDailyZone(2)),
  ups_next_day_air: speed(4, everyDailyZone(1)),
  fedex_ground: speed(1, DAILY_GROUND_DAYS),
  fedex_express_saver: speed(2, everyDailyZone(3)),
  fedex_2_day: speed(3, everyDailyZone(2)),
  fedex_standard_overnight: speed(4, everyDailyZone(1)),
});
