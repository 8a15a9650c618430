import { centralDayOf } from '../../common';
import type { CarrierRate, LabelShipment } from '../carrier.port';
import { isUnavailable, sandboxRate, type SandboxParcel, type SandboxRateResult } from './rating';
import { SANDBOX_SHIPPING_SERVICES } from './sandbox-services';

export const parcelOf = (shipment: LabelShipment): SandboxParcel => ({
  fromZip: shipment.from.zip,
  toZip: shipment.to.zip,
  lengthIn: shipment.package.lengthIn,
  widthIn: shipment.package.widthIn,
  heightIn: shipment.package.heightIn,
  weightLb: shipment.package.weightLb,
});

/** The rating model's answer for the shipment's own box (the sender's packaging, priced by weight). */
export const sandboxRateOf = (serviceUid: string, shipment: LabelShipment): SandboxRateResult => sandboxRate(serviceUid, parcelOf(shipment), 'parcel');

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
    const rate = sandboxRateOf(uid, shipment);
    if (isUnavailable(rate)) return [];
    return [{ serviceUid: uid, costCents: rate.costCents, deliveryDays: rate.deliveryDays, deliveryDate: deliveryDateAfter(now, rate.deliveryDays) }];
  });
