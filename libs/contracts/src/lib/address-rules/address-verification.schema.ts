import { z } from 'zod';
import { optionalField, requiredField, stateField, zipField } from '../common/fields';
import { withZipMatchingState } from './zip-state.refine';

/**
 * `ADDRESS_CHECK` on orders: `offline` (the shared state ↔ ZIP rules only; the default), `carrier` (also ask the
 * carrier's address verification, when it has one) or `off` (the verify route answers nothing; the offline rules of
 * the contracts still refuse impossible addresses, since they are part of the order schemas).
 */
export const ADDRESS_CHECK_MODES = ['offline', 'carrier', 'off'] as const;
export const addressCheckModeSchema = z.enum(ADDRESS_CHECK_MODES);
export type AddressCheckMode = z.infer<typeof addressCheckModeSchema>;

/** An address to verify, as a form or a bulk row holds it. */
export const verifiableAddressSchema = withZipMatchingState(
  z.object({
    street1: requiredField('Street'),
    street2: optionalField('Street 2'),
    city: requiredField('City', 60),
    state: stateField(),
    zip: zipField(),
  }),
  'state',
  'zip',
);
export type VerifiableAddressInput = z.input<typeof verifiableAddressSchema>;
export type VerifiableAddress = z.output<typeof verifiableAddressSchema>;

export const ADDRESS_VERDICTS = ['ok', 'suggestion', 'undeliverable'] as const;

/** The carrier's view of an address: fine, fine as its standardized form (the suggestion), or not deliverable. */
export const addressVerificationSchema = z.object({
  verdict: z.enum(ADDRESS_VERDICTS),
  suggestion: z
    .object({ street1: z.string(), street2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string() })
    .nullable(),
  messages: z.array(z.string()),
});
export type AddressVerificationResult = z.infer<typeof addressVerificationSchema>;

/** POST /api/addresses/verify. */
export const verifyAddressBodySchema = z.object({ address: verifiableAddressSchema });
export type VerifyAddressBody = z.input<typeof verifyAddressBodySchema>;

/**
 * `verification` is null when the mode is not `carrier` or the carrier has no verification or did not answer.
 * `warnings`: what the offline checks doubt without refusing (a city other than the ZIP's usual one), in every mode but
 * `off`; absent from an older orders process (read as none).
 */
export const verifyAddressResponseSchema = z.object({
  mode: addressCheckModeSchema,
  verification: addressVerificationSchema.nullable(),
  warnings: z.array(z.string()).default([]),
});
export type VerifyAddressResponse = z.infer<typeof verifyAddressResponseSchema>;
