import type { Reply } from './json';
import { internationalSkuOf, priceInternationalLabel } from './international-sale';
import { errorBody } from './usps-errors';

/** International Prices 3.3.11's base path (vendor/usps/international-prices.yaml). */
export const INTERNATIONAL_PRICES = '/international-prices/v3';

/** The classes the fake's International Labels sell, by the names USPS's rate details give them. */
const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': 'First-Class Package International Service',
  PRIORITY_MAIL_INTERNATIONAL: 'Priority Mail International',
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'Priority Mail Express International',
};

interface InternationalBaseRatesQuery {
  mailClass: string;
  destinationCountryCode: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  rateIndicator: string;
  processingCategory: string;
  destinationEntryFacilityType: string;
  priceType: string;
  mailingDate?: string;
  accountNumber?: string;
}

/**
 * `POST /international-prices/v3/base-rates/search` (decision 118): one label's price abroad, from the model the fake's
 * international labels are charged by (`priceInternationalLabel`), so a label bought right after costs what was quoted.
 * The request was held to the spec by the guard already; Global Express Guaranteed (suspended since 2024-09-29, the
 * spec says) and any class the fake does not sell are USPS's 400.
 */
export const internationalBaseRatesReply = (body: string): Reply => {
  const query = JSON.parse(body) as InternationalBaseRatesQuery;
  const productName = PRODUCT_NAMES[query.mailClass];
  if (!productName) {
    return { status: 400, body: errorBody(INTERNATIONAL_PRICES, 400, [{ code: '400', parameter: 'mailClass', detail: `No rate found for mail class ${query.mailClass}.` }]) };
  }
  const { group, pounds, postageCents } = priceInternationalLabel(query.mailClass, query.destinationCountryCode, query.weight);
  return {
    status: 200,
    body: {
      // No fees abroad in the fake: the total is the postage, as the spec's own example shows (price 50.6, total 50.6).
      totalBasePrice: postageCents / 100,
      rates: [
        {
          SKU: internationalSkuOf(query.mailClass, group, pounds),
          description: `${productName} Machinable Single-piece`,
          priceType: query.accountNumber ? 'CONTRACT' : query.priceType,
          price: postageCents / 100,
          weight: query.weight,
          dimWeight: 0,
          fees: [],
          warnings: [],
          startDate: '2026-01-18',
          endDate: '',
          mailClass: query.mailClass,
          zone: group,
          processingCategory: 'MACHINABLE',
          rateIndicator: query.rateIndicator,
          destinationEntryFacilityType: query.destinationEntryFacilityType === 'INTERNATIONAL_SERVICE_CENTER' ? 'INTERNATIONAL_SERVICE_CENTER' : 'NONE',
          productName,
        },
      ],
    },
  };
};
