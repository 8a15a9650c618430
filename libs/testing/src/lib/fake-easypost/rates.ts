/**
 * The fake's USPS prices by weight, in cents: commercial-looking figures anchored on the recorded rates of a 15.4 oz
 * parcel (GroundAdvantage 5.93, Priority 6.90, Express 33.10; EasyPost/easypost-node, buys-a-shipment cassette),
 * rising by whole pounds above a pound, as USPS prices do. No zones: the fake has one.
 */
export interface FakeService {
  service: 'GroundAdvantage' | 'Priority' | 'Express';
  /** 4-digit IMpb prefix of its tracking numbers (9400 recorded for Ground Advantage). */
  trackingPrefix: string;
  deliveryDays: number;
  priceCents(weightOz: number): number;
}

const perPound = (firstPoundCents: number, extraPoundCents: number) => (weightOz: number) =>
  firstPoundCents + (Math.max(1, Math.ceil(weightOz / 16)) - 1) * extraPoundCents;

const groundAdvantage = (weightOz: number): number => {
  // Ground Advantage is priced by the ounce up to 15.99 oz, then by the pound.
  if (weightOz <= 4) return 455;
  if (weightOz <= 8) return 505;
  if (weightOz <= 12) return 560;
  return perPound(593, 105)(weightOz);
};

export const FAKE_SERVICES: readonly FakeService[] = [
  { service: 'Express', trackingPrefix: '9470', deliveryDays: 2, priceCents: perPound(3310, 325) },
  { service: 'Priority', trackingPrefix: '9405', deliveryDays: 2, priceCents: perPound(690, 115) },
  { service: 'GroundAdvantage', trackingPrefix: '9400', deliveryDays: 3, priceCents: groundAdvantage },
];

/** Cents → EasyPost's rate string (`"5.93"`). */
export const rateString = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Cents → EasyPost's fee amount string (`"5.93000"`). */
export const feeString = (cents: number): string => `${rateString(cents)}000`;

/** A share of a price, in whole cents (list and retail rates sit above the commercial one). */
export const markedUp = (cents: number, percent: number): number => Math.round((cents * percent) / 100);
