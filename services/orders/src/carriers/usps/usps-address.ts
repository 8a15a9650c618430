import { z } from 'zod';
import type { AddressVerification, LabelAddress } from '../carrier.port';
import { undeliverable, verdictOf } from '../address/address-verdict';
import type { UspsProblem } from './usps.client';

/** The query of `GET /addresses/v3/address` (Addresses 3.x: streetAddress and state required, city or ZIPCode). */
export const toUspsAddressQuery = (address: LabelAddress): Record<string, string> => {
  const [zip5 = '', plus4] = address.zip.trim().split('-');
  return {
    streetAddress: address.street1,
    ...(address.street2 ? { secondaryAddress: address.street2 } : {}),
    city: address.city,
    state: address.state,
    ZIPCode: zip5,
    ...(plus4 ? { ZIPPlus4: plus4 } : {}),
  };
};

const additionalInfoSchema = z.looseObject({ DPVConfirmation: z.string().nullish() });
const correctionsSchema = z.array(z.looseObject({ code: z.string().nullish(), text: z.string().nullish() }));

/**
 * `AddressResponse` of Addresses 3.2.3: `address`, `additionalInfo`, `corrections`, `matches`. USPS/api-examples'
 * README showed the same answer as `addressAdditionalInfo` / `addressCorrections` / `addressMatches` until Aug 2025
 * (commit c633ea8), so both spellings are read.
 */
export const uspsAddressResponseSchema = z.looseObject({
  address: z.looseObject({
    streetAddress: z.string(),
    secondaryAddress: z.string().nullish(),
    city: z.string(),
    state: z.string(),
    ZIPCode: z.string(),
    ZIPPlus4: z.string().nullish(),
  }),
  additionalInfo: additionalInfoSchema.nullish(),
  addressAdditionalInfo: additionalInfoSchema.nullish(),
  corrections: correctionsSchema.nullish(),
  addressCorrections: correctionsSchema.nullish(),
});

/**
 * What each DPV confirmation that is not a plain yes means (Addresses 3.2.3, `DPVConfirmation`: `N` in USPS's words,
 * `D`/`S` put so a seller knows what to add); said when USPS sent no correction text of its own.
 */
export const DPV_MESSAGES = {
  N: 'USPS could not confirm this delivery point: both primary and (if present) secondary number information failed to DPV confirm.',
  D: 'USPS found the building but the apartment, suite or box number is missing: add it (DPV D).',
  S: 'USPS found the building but could not confirm the apartment, suite or box number given: check it (DPV S).',
} as const;

/**
 * USPS's standardized address → our verdict. DPVConfirmation `N` (neither number confirmed) is undeliverable; `D`/`S`
 * (secondary missing or not confirmed) keep USPS's correction texts (code 32: "…more information is needed (such as
 * an apartment, suite, or box number)") as messages with the standardized address; `Y` is ok or a suggestion. Null
 * when the body is not an AddressResponse.
 */
export const verificationOfUspsAddress = (given: LabelAddress, body: unknown): AddressVerification | null => {
  const parsed = uspsAddressResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { address } = parsed.data;
  const dpv = (parsed.data.additionalInfo ?? parsed.data.addressAdditionalInfo)?.DPVConfirmation?.trim().toUpperCase();
  const corrections = parsed.data.corrections ?? parsed.data.addressCorrections ?? [];
  const texts = corrections.map((correction) => correction.text?.trim() ?? '').filter((text) => text !== '');
  const fallback = dpv === 'N' || dpv === 'D' || dpv === 'S' ? [DPV_MESSAGES[dpv]] : [];
  const messages = texts.length > 0 ? texts : fallback;
  if (dpv === 'N') return undeliverable(messages);
  return verdictOf(
    given,
    {
      street1: address.streetAddress,
      street2: address.secondaryAddress || null,
      city: address.city,
      state: address.state,
      zip: address.ZIPPlus4 ? `${address.ZIPCode}-${address.ZIPPlus4}` : address.ZIPCode,
    },
    messages,
  );
};

/** A 404 ("There is no match for the address requested.", "…invalid delivery address.") in USPS's words. */
export const undeliverableOfUspsProblems = (problems: readonly UspsProblem[]): AddressVerification => {
  const messages = problems.map((problem) => problem.detail ?? problem.title ?? '').filter((text) => text !== '');
  return undeliverable(messages.length > 0 ? messages : ['There is no match for the address requested.']);
};
