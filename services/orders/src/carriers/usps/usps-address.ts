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

export const uspsAddressResponseSchema = z.object({
  address: z.object({
    streetAddress: z.string(),
    secondaryAddress: z.string().nullish(),
    city: z.string(),
    state: z.string(),
    ZIPCode: z.string(),
    ZIPPlus4: z.string().nullish(),
  }),
  addressAdditionalInfo: z.object({ DPVConfirmation: z.string().nullish() }).nullish(),
  addressCorrections: z.array(z.object({ code: z.string().nullish(), text: z.string().nullish() })).nullish(),
});

/**
 * USPS's standardized address → our verdict. DPVConfirmation `N` (the delivery point is not confirmed) is
 * undeliverable; `D`/`S` (secondary missing or not confirmed) stay a suggestion with USPS's correction texts.
 * Null when the body is not an AddressResponse.
 */
export const verificationOfUspsAddress = (given: LabelAddress, body: unknown): AddressVerification | null => {
  const parsed = uspsAddressResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { address, addressAdditionalInfo, addressCorrections } = parsed.data;
  const messages = (addressCorrections ?? []).map((correction) => correction.text ?? '').filter((text) => text !== '');
  if (addressAdditionalInfo?.DPVConfirmation === 'N') return undeliverable(messages.length > 0 ? messages : ['USPS could not confirm this delivery point']);
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
