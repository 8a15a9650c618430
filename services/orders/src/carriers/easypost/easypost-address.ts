import { z } from 'zod';
import type { AddressVerification, LabelAddress } from '../carrier.port';
import { undeliverable, verdictOf } from '../address/address-verdict';

/** `POST /v2/addresses` with `verify: true`: the Address is created and its delivery verified (a 200 either way). */
export const toEasyPostAddressRequest = (address: LabelAddress) => ({
  address: {
    name: address.name || undefined,
    company: address.company ?? undefined,
    phone: address.phone ?? undefined,
    street1: address.street1,
    street2: address.street2 ?? undefined,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: 'US',
  },
  verify: true,
});

const verificationSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.string().nullish(), field: z.string().nullish(), message: z.string().nullish() })).default([]),
});

/** The parts of EasyPost's Address object we read (docs.easypost.com, Address Verification guide). */
export const easyPostAddressSchema = z.object({
  street1: z.string().nullish(),
  street2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  verifications: z.object({ delivery: verificationSchema.nullish(), zip4: verificationSchema.nullish() }).nullish(),
});

/** EasyPost's verified Address → our verdict; null when the answer carries no delivery verification. */
export const verificationOfEasyPostAddress = (given: LabelAddress, body: unknown): AddressVerification | null => {
  const parsed = easyPostAddressSchema.safeParse(body);
  const delivery = parsed.success ? parsed.data.verifications?.delivery : null;
  if (!parsed.success || !delivery) return null;
  const messages = delivery.errors.map((error) => error.message ?? error.code ?? '').filter((message) => message !== '');
  if (!delivery.success) return undeliverable(messages.length > 0 ? messages : ['Address not found']);
  const found = parsed.data;
  return verdictOf(
    given,
    {
      street1: found.street1 || given.street1,
      street2: found.street2 || null,
      city: found.city || given.city,
      state: found.state || given.state,
      zip: found.zip || given.zip,
    },
    messages,
  );
};
