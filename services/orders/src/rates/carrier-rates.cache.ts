import type { CarrierId, CarrierPackagingRate, LabelShipment } from '../carriers';

export interface CachedRate {
  carrier: CarrierId;
  serviceUid: string;
  costCents: number;
  deliveryDays: number | null;
  deliveryDate: string | null;
  /** Cheaper packaging for the same service (USPS Cubic, Flat Rate), cheapest first. */
  packagingOptions?: readonly CarrierPackagingRate[];
}

/** How long a carrier's rates are reused: carriers change rates on set dates, not from minute to minute. */
export const RATE_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The carriers' rates kept a few minutes per ZIP3 pair, weight (whole ounces) and dimensions (quarter inches): a
 * seller comparing the same parcel again, or a batch of like parcels, asks the carriers once (issue 45). A rate is
 * only a comparison: the label is priced again when it is bought.
 */
export class CarrierRatesCache {
  private readonly entries = new Map<string, { at: number; rates: readonly CachedRate[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(shipment: LabelShipment, load: () => Promise<readonly CachedRate[]>): Promise<readonly CachedRate[]> {
    const key = rateKeyOf(shipment);
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < RATE_TTL_MS) return hit.rates;
    const rates = await load();
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    // An empty answer (every carrier down) is not kept: the next comparison asks again.
    if (rates.length > 0) this.entries.set(key, { at: this.now(), rates });
    return rates;
  }
}

const quarterInches = (inches: number) => Math.round(inches * 4);

export const rateKeyOf = ({ from, to, package: parcel }: LabelShipment): string =>
  [
    from.country, from.zip.slice(0, 3), to.country, to.zip.slice(0, 3),
    Math.ceil(parcel.weightLb * 16),
    quarterInches(parcel.lengthIn), quarterInches(parcel.widthIn), quarterInches(parcel.heightIn),
  ].join('|');
