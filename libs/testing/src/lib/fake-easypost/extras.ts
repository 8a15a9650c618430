import type { FakeFieldError } from './errors';
import type { FakeService } from './rates';

/**
 * What the fake EasyPost sells beside postage (decision 112): `options.delivery_confirmation` (easypost-node
 * `types/Shipment/Options/Options.d.ts`), USPS's `parcel.predefined_package` (the names of EasyPost's USPS carrier
 * metadata, recorded in easypost-node's `retrieves-all-carrier-metadata` cassette) and `insurance` on the buy
 * (`Shipment.buy(id, rate, insuranceAmount)`; recorded as `"insurance": 100`, documented "as a string", USD).
 */

/** Every value Options.d.ts lists for `delivery_confirmation`. */
export const DELIVERY_CONFIRMATIONS = ['ADULT_SIGNATURE', 'SIGNATURE', 'NO_SIGNATURE', 'INDIRECT_SIGNATURE', 'ADULT_SIGNATURE_RESTRICTED', 'SIGNATURE_RESTRICTED'] as const;

/** USPS's `predefined_packages` in EasyPost's carrier metadata (recorded), in its order. */
export const USPS_PREDEFINED_PACKAGES = [
  'Card', 'Letter', 'Flat', 'FlatRateEnvelope', 'FlatRateLegalEnvelope', 'FlatRatePaddedEnvelope', 'FlatRateWindowEnvelope', 'FlatRateCardboardEnvelope',
  'SmallFlatRateEnvelope', 'Parcel', 'SoftPack', 'SmallFlatRateBox', 'MediumFlatRateBox', 'LargeFlatRateBox', 'LargeFlatRateBoxAPOFPO', 'FlatTubTrayBox',
  'EMMTrayBox', 'FullTrayBox', 'HalfTrayBox', 'PMODSack',
] as const;

/**
 * The fake's Flat Rate prices, cents (near USPS's 2025 commercial ones): Priority Mail and Priority Mail Express, one price
 * to any zone up to 70 lb. Any other predefined package is rated as the parcel it names, by weight.
 */
const FLAT_RATES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  FlatRateEnvelope: { Priority: 935, Express: 2995 },
  SmallFlatRateBox: { Priority: 1020 },
  MediumFlatRateBox: { Priority: 1795 },
  LargeFlatRateBox: { Priority: 2475 },
};

/**
 * A USPS service's price in a predefined package: its flat rate, the weight price for a package without one, or why the
 * service is not sold in that Flat Rate packaging (Ground Advantage has none), one message for all such services.
 */
export const predefinedPriceCents = (predefined: string, service: FakeService, byWeight: number): number | string => {
  const flat = FLAT_RATES[predefined];
  if (!flat) return byWeight;
  return flat[service.service] ?? `A ${predefined} is sold with ${Object.keys(flat).join(' and ')} only.`;
};

/** The fake's signature surcharges, cents, added to the rate as EasyPost's rates include the option asked. */
const SIGNATURE_CENTS: Readonly<Record<'USPS' | 'courier', Readonly<Record<string, number>>>> = {
  USPS: { SIGNATURE: 365, ADULT_SIGNATURE: 925, SIGNATURE_RESTRICTED: 1025, ADULT_SIGNATURE_RESTRICTED: 1025 },
  courier: { SIGNATURE: 690, ADULT_SIGNATURE: 820, INDIRECT_SIGNATURE: 690 },
};

/** What `delivery_confirmation` adds to a rate of the carrier (0 for none or NO_SIGNATURE). */
export const signatureSurchargeCents = (carrier: string, confirmation: string | null): number => {
  if (confirmation === null) return 0;
  return SIGNATURE_CENTS[carrier === 'USPS' ? 'USPS' : 'courier'][confirmation] ?? 0;
};

/** EasyPost's insurance limit per parcel ($5,000), in cents. */
export const MAX_INSURANCE_CENTS = 500_000;

/**
 * The InsuranceFee of an insured amount, cents: 0.5 % rounded up, at least $0.50 (recorded: 0.50 for 100.00 asked,
 * and for the 50.00 the recording account insured by default).
 */
export const insuranceFeeCents = (insuredCents: number): number => Math.max(50, Math.ceil(insuredCents / 200));

/** A dollar amount sent as a string (`"100.00"`) or a number (`100`, as recorded) → cents; null when it is neither. */
export const dollarsToCents = (value: unknown): number | null => {
  const text = typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : value;
  if (typeof text !== 'string' || !/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** The buy's `insurance`, in cents, or an error; null when none was asked. */
export const insuranceOfBuy = (value: unknown): number | null | FakeFieldError => {
  if (value === undefined || value === null) return null;
  const cents = dollarsToCents(value);
  if (cents === null || cents <= 0 || cents > MAX_INSURANCE_CENTS) return { field: 'insurance', message: 'must be an amount of dollars greater than 0 and at most 5000.00' };
  return cents;
};

/** Cents → a money string (`"100.00"`) and a fee's amount string (`"0.50000"`), as rates.ts writes them. */
export { feeString as feeAmount, rateString as moneyString } from './rates';
