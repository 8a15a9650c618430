import { z } from 'zod';
import type { UspsLabelRequest } from './usps.schema';
import { dollarsToCents } from './usps.mapper';

/**
 * A domestic label's price asked of USPS's Domestic Prices API before it is bought (decision 112, after decision 090):
 * the same rate ingredients the label request carries, so the price is the label's.
 */

/** `BaseRatesQuery` of Domestic Prices 3.4.30, without the account (the client adds ours). */
export interface UspsBaseRatesQuery {
  originZIPCode: string;
  destinationZIPCode: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  mailClass: string;
  processingCategory: 'MACHINABLE';
  rateIndicator: 'SP';
  destinationEntryFacilityType: 'NONE';
  /** Commercial prices, unless the account number the client adds has contract ones (the spec's PriceType note). */
  priceType: 'COMMERCIAL';
  mailingDate: string;
}

/** The label request → its base-rates query: the package's own ingredients, from and to ZIP codes. */
export const toBaseRatesQuery = (label: UspsLabelRequest): UspsBaseRatesQuery => {
  const parcel = label.packageDescription;
  return {
    originZIPCode: label.fromAddress.ZIPCode,
    destinationZIPCode: label.toAddress.ZIPCode,
    weight: parcel.weight,
    length: parcel.length,
    width: parcel.width,
    height: parcel.height,
    mailClass: parcel.mailClass,
    processingCategory: parcel.processingCategory,
    rateIndicator: parcel.rateIndicator,
    destinationEntryFacilityType: parcel.destinationEntryFacilityType,
    priceType: 'COMMERCIAL',
    mailingDate: parcel.mailingDate,
  };
};

/** `BaseRateOption`: `totalBasePrice` is "the total price, including the rate, fees and pound postage". */
const baseRateOptionSchema = z.looseObject({ totalBasePrice: z.number().nonnegative() });

/** The label's price in cents from the answer, or null when the answer names none. */
export const baseRateCentsOf = (body: unknown): number | null => {
  const option = baseRateOptionSchema.safeParse(body);
  return option.success ? dollarsToCents(option.data.totalBasePrice) : null;
};
