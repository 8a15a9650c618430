import { z } from 'zod';

/**
 * A label's extra services (issue 46, decision 102): insurance for a declared value and a signature at delivery. Both
 * are optional on the wire; absent means none, so an order placed before they existed hashes as it did.
 */

/** The most a label may be insured for: EasyPost's limit for its own insurance ($5,000), which the sandbox copies. */
export const MAX_DECLARED_VALUE_CENTS = 500_000;

/**
 * What insuring a declared value costs: 1 % of it, rounded up to the cent, at least $1.00 (EasyPost's own rule, decision
 * 102). The one rule the purchase, the quote and the Bulk Order table's insurance line use.
 */
export const insuranceFeeCents = (declaredValueCents: number): number => Math.max(100, Math.ceil(declaredValueCents / 100));

/** `signature`: anyone at the address signs; `adult`: someone 21 or older signs, with ID. */
export const SIGNATURE_OPTIONS = ['none', 'signature', 'adult'] as const;
export const signatureOptionSchema = z.enum(SIGNATURE_OPTIONS, { error: 'Signature must be none, signature or adult' });
export type SignatureOption = z.infer<typeof signatureOptionSchema>;

export const SIGNATURE_NAMES: Readonly<Record<SignatureOption, string>> = {
  none: 'No signature',
  signature: 'Signature confirmation',
  adult: 'Adult signature',
};

/** The value insured, whole cents: a number, never text (a form sends dollars through `dollarsToCents`). */
export const declaredValueCentsSchema = z
  .number({ error: 'Declared value must be a number of cents' })
  .int({ error: 'Declared value must be whole cents' })
  .min(1, { error: 'Declared value must be at least $0.01' })
  .max(MAX_DECLARED_VALUE_CENTS, { error: 'Declared value can be at most $5,000.00' });

export const insuranceSchema = z.object(
  { declared_value_cents: declaredValueCentsSchema },
  { error: 'insurance must be an object with declared_value_cents' },
);
export type InsuranceRequest = z.infer<typeof insuranceSchema>;

/** Spread into the single-order payload (`POST /api/orders/v2`). */
export const extraServicesFields = {
  insurance: insuranceSchema.optional(),
  signature: signatureOptionSchema.optional(),
};
export const extraServicesSchema = z.object(extraServicesFields);
export type ExtraServices = z.infer<typeof extraServicesSchema>;

/** `POST /api/orders/extra-services/quote`: what insurance and a signature add to a label of this service. */
export const extraServicesQuoteBodySchema = z.object({
  service_name: z.string({ error: 'Please select a service' }).trim().min(1, { error: 'Please select a service' }).max(80),
  ...extraServicesFields,
});
export type ExtraServicesQuoteBody = z.infer<typeof extraServicesQuoteBodySchema>;

/** The fees in cents; a service that cannot have one of them is refused with a 400 that says why. */
export const extraServicesQuoteSchema = z.object({
  insuranceCents: z.number().int().min(0),
  signatureCents: z.number().int().min(0),
  totalCents: z.number().int().min(0),
});
export type ExtraServicesQuote = z.infer<typeof extraServicesQuoteSchema>;
