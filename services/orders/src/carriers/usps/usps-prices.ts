import { z } from 'zod';
import type { UspsLabelRequest, UspsParcel } from './usps.schema';
import type { UspsInternationalLabelRequest, UspsInternationalMailClass } from './usps-international.schema';
import { dollarsToCents } from './usps.mapper';

/**
 * A label's price asked of USPS before it is bought (decisions 090, 112 and 118): Domestic Prices for a label at home,
 * International Prices for one abroad, each on the rate ingredients the label request carries, so the price is the
 * label's.
 */

/** The rate ingredients both Prices APIs' `BaseRatesQuery` take from the parcel, our account aside (the client adds it). */
interface ParcelRateIngredients {
  originZIPCode: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  processingCategory: 'MACHINABLE';
  rateIndicator: 'SP';
  destinationEntryFacilityType: 'NONE';
  /** Commercial prices, unless the account number the client adds has contract ones (the spec's PriceType note). */
  priceType: 'COMMERCIAL';
  mailingDate: string;
}

/** `BaseRatesQuery` of Domestic Prices 3.4.30. */
export interface UspsBaseRatesQuery extends ParcelRateIngredients {
  destinationZIPCode: string;
  mailClass: string;
}

/** `BaseRatesQuery` of International Prices 3.3.11. */
export interface UspsInternationalBaseRatesQuery extends ParcelRateIngredients {
  destinationCountryCode: string;
  foreignPostalCode?: string;
  mailClass: UspsInternationalMailClass;
}

const ingredientsOf = (fromZip: string, parcel: UspsParcel): ParcelRateIngredients => ({
  originZIPCode: fromZip,
  weight: parcel.weight,
  length: parcel.length,
  width: parcel.width,
  height: parcel.height,
  processingCategory: parcel.processingCategory,
  rateIndicator: parcel.rateIndicator,
  destinationEntryFacilityType: parcel.destinationEntryFacilityType,
  priceType: 'COMMERCIAL',
  mailingDate: parcel.mailingDate,
});

/** The label request → its base-rates query: the package's own ingredients, from and to ZIP codes. */
export const toBaseRatesQuery = (label: UspsLabelRequest): UspsBaseRatesQuery => ({
  ...ingredientsOf(label.fromAddress.ZIPCode, label.packageDescription),
  destinationZIPCode: label.toAddress.ZIPCode,
  mailClass: label.packageDescription.mailClass,
});

/** The international label request → its base-rates query: the parcel, our ZIP and the receiver's country (and postal code). */
export const toInternationalBaseRatesQuery = (label: UspsInternationalLabelRequest): UspsInternationalBaseRatesQuery => ({
  ...ingredientsOf(label.fromAddress.ZIPCode, label.packageDescription),
  destinationCountryCode: label.toAddress.countryISOAlpha2Code,
  ...(label.toAddress.postalCode ? { foreignPostalCode: label.toAddress.postalCode } : {}),
  mailClass: label.packageDescription.mailClass,
});

/** `BaseRateOption` (`RateOption` abroad): `totalBasePrice` is "the total price, including the rate, fees and pound postage". */
const baseRateOptionSchema = z.looseObject({ totalBasePrice: z.number().nonnegative() });

/** The label's price in cents from the answer, or null when the answer names none. */
export const baseRateCentsOf = (body: unknown): number | null => {
  const option = baseRateOptionSchema.safeParse(body);
  return option.success ? dollarsToCents(option.data.totalBasePrice) : null;
};
