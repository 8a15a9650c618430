import { centralDayOf } from '../../common';
import type { CarrierRate, LabelShipment } from '../carrier.port';
import { isUnavailable, sandboxRate, type SandboxPackaging, type SandboxParcel, type SandboxRateResult } from './rating';
import { cheaperPackagingRates } from './sandbox-packaging-rates';
import { SANDBOX_SHIPPING_SERVICES } from './sandbox-services';

export const parcelOf = (shipment: LabelShipment): SandboxParcel => ({
  fromZip: shipment.from.zip,
  toZip: shipment.to.zip,
  lengthIn: shipment.package.lengthIn,
  widthIn: shipment.package.widthIn,
  heightIn: shipment.package.heightIn,
  weightLb: shipment.package.weightLb,
});

/**
 * USPS in the sandbox keeps the flat simulated postage it always had (a first pound and each pound after it, whatever
 * the zone): the sandbox suggests USPS's starting prices ($8.50 Priority up to 5 lb…), which every install and test
 * priced from, and a simulated cost must stay under the price the sandbox suggests at every weight (decision 084:
 * never below cost). UPS and FedEx, new with issue 45, are priced by the rating model (zones, dimensional weight).
 */
const USPS_FLAT_POSTAGE: Readonly<Record<string, { firstLb: number; perLb: number }>> = {
  usps_priority: { firstLb: 700, perLb: 30 },
  usps_priority_express: { firstLb: 2_300, perLb: 60 },
  usps_ground_advantage: { firstLb: 480, perLb: 20 },
};

export const uspsFlatPostageCents = (serviceUid: string, weightLb: number): number | undefined => {
  const postage = USPS_FLAT_POSTAGE[serviceUid];
  return postage && postage.firstLb + postage.perLb * Math.max(0, Math.ceil(weightLb) - 1);
};

/**
 * The sandbox's answer for the shipment in `packaging` (by default the one it names, else the sender's own box): the
 * model's days and cost, but USPS's flat postage for the own box. Cubic and Flat Rate are the model's own prices, or
 * why the parcel cannot go so (too large for the tier, does not fit the box, another service).
 */
export const sandboxRateOf = (serviceUid: string, shipment: LabelShipment, packaging: SandboxPackaging = shipment.package.packaging ?? 'parcel'): SandboxRateResult => {
  const rate = sandboxRate(serviceUid, parcelOf(shipment), packaging);
  if (packaging !== 'parcel') return rate;
  const flat = uspsFlatPostageCents(serviceUid, shipment.package.weightLb);
  if (flat === undefined || isUnavailable(rate)) return rate;
  return { ...rate, costCents: flat };
};

/**
 * The sandbox's simulated retail rate: 40 % over its simulated cost, up to the cent (EasyPost's recorded USPS buy:
 * $5.93 commercial, $8.45 retail), so the customer's report has a saving to show in the embedded mode.
 */
export const sandboxRetailCents = (costCents: number): number => Math.ceil((costCents * 140) / 100);

const DAY_MS = 86_400_000;
const isWeekend = (day: Date): boolean => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/**
 * The day a parcel handed over on `now`'s Central day arrives after `businessDays` in transit, `YYYY-MM-DD`: a weekend
 * ship day moves to Monday, and Saturdays and Sundays are not counted (holidays and cut-off times are not simulated).
 */
export const deliveryDateAfter = (now: Date, businessDays: number): string => {
  let day = new Date(`${centralDayOf(now)}T00:00:00Z`);
  while (isWeekend(day)) day = new Date(day.getTime() + DAY_MS);
  for (let left = businessDays; left > 0; ) {
    day = new Date(day.getTime() + DAY_MS);
    if (!isWeekend(day)) left--;
  }
  return day.toISOString().slice(0, 10);
};

/** Every service the sandbox would sell for the shipment, with the model's cost and days; those it cannot carry left out. */
export const sandboxRates = (shipment: LabelShipment, now: Date): CarrierRate[] =>
  SANDBOX_SHIPPING_SERVICES.flatMap(({ uid }) => {
    const rate = sandboxRateOf(uid, shipment, 'parcel');
    if (isUnavailable(rate)) return [];
    const packagingOptions = cheaperPackagingRates(uid, parcelOf(shipment), rate.costCents);
    const deliveryDate = deliveryDateAfter(now, rate.deliveryDays);
    return [{ serviceUid: uid, costCents: rate.costCents, deliveryDays: rate.deliveryDays, deliveryDate, ...(packagingOptions.length > 0 ? { packagingOptions } : {}) }];
  });
