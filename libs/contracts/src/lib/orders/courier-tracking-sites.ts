import type { Courier } from './couriers.schema';

/**
 * Each courier's own tracking page for a number, where the buyer's page sends them ("Track on USPS's site"). Typed by
 * the courier list, so a courier added to COURIER_NAMES without its page does not compile.
 */
const COURIER_TRACKING_PAGES: Readonly<Record<Courier, (trackingNumber: string) => string>> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl_express: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
};

/** The courier's tracking page for the number; null for a courier this release does not know. */
export const courierTrackingUrl = (courier: string | null, trackingNumber: string): string | null => {
  const page = (COURIER_TRACKING_PAGES as Readonly<Record<string, ((n: string) => string) | undefined>>)[courier ?? ''];
  return page ? page(encodeURIComponent(trackingNumber)) : null;
};
