import { verifiableAddressSchema, verifyAddressResponseSchema } from '@labeldesk/contracts';
import type { AddressVerificationResult, VerifiableAddress, VerifiableAddressInput, VerifyAddressResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { apiRequest } from '../../libs/http-client';

export type AddressSuggestion = NonNullable<AddressVerificationResult['suggestion']>;

/** POST /api/addresses/verify: the carrier's view of an address (null unless the server runs ADDRESS_CHECK=carrier). */
export const verifyAddressAnswer = (address: VerifiableAddress): Promise<VerifyAddressResponse> =>
  apiRequest('/api/addresses/verify', { method: 'POST', body: { address }, schema: verifyAddressResponseSchema });

export const verifyAddress = (address: VerifiableAddress): Promise<AddressVerificationResult | null> => verifyAddressAnswer(address).then((answer) => answer.verification);

/** The address when the offline rules find nothing wrong with it (only such an address is worth a carrier's look). */
export const checkableAddress = (address: VerifiableAddressInput): VerifiableAddress | null => {
  const parsed = verifiableAddressSchema.safeParse(address);
  return parsed.success ? parsed.data : null;
};

/** One line, as a label prints it: `350 FIFTH AVE APT 4, NEW YORK, NY 10118-0110`. */
export const addressLine = (address: AddressSuggestion): string =>
  `${[address.street1, address.street2].filter(Boolean).join(' ')}, ${address.city}, ${address.state} ${address.zip}`;

/**
 * The server's look at an address as the user types (the carrier's verification, and the offline warnings such as a
 * city other than the ZIP's usual one): asked 600 ms after the last change, once per distinct
 * address (react-query keeps the answers), never for an address the offline rules already refuse.
 */
export const useAddressVerification = (address: VerifiableAddressInput) => {
  const ready = checkableAddress(address);
  const key = useDebouncedValue(ready ? JSON.stringify(ready) : '', 600);
  return useQuery({
    queryKey: ['address-verification', key],
    queryFn: () => verifyAddressAnswer(JSON.parse(key) as VerifiableAddress),
    enabled: key !== '',
    staleTime: Infinity,
    retry: false,
  });
};
