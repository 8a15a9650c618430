import { z } from 'zod';

/**
 * The couriers that carry a parcel, as customers choose and see them (an order's `courier`). A label carrier sells
 * some of them: the sandbox simulates all, EasyPost sells each through the carrier accounts it is given, the USPS APIs
 * sell USPS mail. DHL Express carries parcels abroad only (it has no US domestic service).
 */
export const COURIER_NAMES = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl_express: 'DHL Express' } as const;
export type Courier = keyof typeof COURIER_NAMES;
export const COURIERS = Object.keys(COURIER_NAMES) as [Courier, ...Courier[]];
export const courierSchema = z.enum(COURIERS, { error: `Courier must be one of: ${COURIERS.map((id) => COURIER_NAMES[id]).join(', ')}` });

/** The courier's name for an id, or the id itself for one this release does not know (a newer replica's label). */
export const courierName = (id: string): string => (COURIER_NAMES as Readonly<Record<string, string>>)[id] ?? id;

/**
 * Days after purchase an unused label of a courier may still be voided where the courier sets its own window: UPS and
 * FedEx refund an unused label voided within 90 days (research wave4.md, "Refund timing"). USPS's window is the
 * install's `VOID_WINDOW_DAYS` (EasyPost takes USPS refunds within 30 days; 28 by default); DHL Express's is not
 * published, so it gets that shorter window too.
 */
export const COURIER_VOID_WINDOW_DAYS = { ups: 90, fedex: 90 } as const satisfies Readonly<Partial<Record<Courier, number>>>;

/** The void window of a label carried by `courier` (null or unknown: a label of an earlier release, USPS's window). */
export const voidWindowDaysOf = (courier: string | null, configuredDays: number): number =>
  (COURIER_VOID_WINDOW_DAYS as Readonly<Record<string, number | undefined>>)[courier ?? ''] ?? configuredDays;
