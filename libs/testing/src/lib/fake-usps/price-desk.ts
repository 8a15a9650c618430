import type { Reply } from './json';
import { priceLabel, zoneBetween } from './test-label';
import { RETURN_CLASSES } from './return-sale';
import { errorBody } from './usps-errors';

/** Domestic Prices 3.4.30's base path (vendor/usps/domestic-prices.yaml). */
export const PRICES = '/prices/v3';

/** What USPS's product names say for the classes the fake sells (RateDetails.productName). */
const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  PRIORITY_MAIL: 'Priority Mail',
  PRIORITY_MAIL_EXPRESS: 'Priority Mail Express',
  USPS_GROUND_ADVANTAGE: 'USPS Ground Advantage',
  // Return services, priced as the class they return by (return-sale.ts).
  PRIORITY_MAIL_RETURN_SERVICE: 'Priority Mail Return Service',
  PRIORITY_MAIL_EXPRESS_RETURN_SERVICE: 'Priority Mail Express Return Service',
  USPS_GROUND_ADVANTAGE_RETURN_SERVICE: 'USPS Ground Advantage Return Service',
};

/**
 * `POST /prices/v3/base-rates/search` (decision 112): the price of one label by its rate ingredients, from the same
 * model the fake's labels are charged by (test-label.ts `priceLabel`), so a label bought right after costs what was
 * quoted: `totalBasePrice` is the postage and its fees together, as the spec says ("including the rate, fees and pound
 * postage"). The request was already held to the spec by the guard; a mail class the fake does not sell is USPS's 400.
 */
export const baseRatesReply = (body: string): Reply => {
  const query = JSON.parse(body) as { mailClass: string; originZIPCode: string; destinationZIPCode: string; weight: number; length: number; width: number; height: number; rateIndicator: string; processingCategory: string; destinationEntryFacilityType: string; priceType: string; accountNumber?: string };
  if (!PRODUCT_NAMES[query.mailClass]) {
    return { status: 400, body: errorBody(PRICES, 400, [{ code: '400', parameter: 'mailClass', detail: `No rate found for mail class ${query.mailClass}.` }]) };
  }
  const zone = zoneBetween(query.originZIPCode, query.destinationZIPCode);
  const price = priceLabel(RETURN_CLASSES[query.mailClass] ?? query.mailClass, zone, query.weight, [query.length, query.width, query.height]);
  const fees = price.fees.map((fee) => ({ name: fee.name, SKU: fee.SKU, price: fee.price }));
  const totalCents = price.postageCents + price.fees.reduce((sum, fee) => sum + Math.round(fee.price * 100), 0);
  return {
    status: 200,
    body: {
      totalBasePrice: totalCents / 100,
      rates: [
        {
          SKU: price.sku,
          description: `${PRODUCT_NAMES[query.mailClass]} Machinable Single-piece`,
          // An account number asks for its contract rates (the spec's PriceType note).
          priceType: query.accountNumber ? 'CONTRACT' : query.priceType,
          price: price.postageCents / 100,
          weight: query.weight,
          dimWeight: Math.ceil((query.length * query.width * query.height) / 166),
          fees,
          startDate: '2026-01-18',
          endDate: '',
          mailClass: query.mailClass,
          zone,
          productName: PRODUCT_NAMES[query.mailClass],
          processingCategory: query.processingCategory,
          rateIndicator: query.rateIndicator,
          destinationEntryFacilityType: query.destinationEntryFacilityType,
        },
      ],
    },
  };
};
