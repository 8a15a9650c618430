import { z } from 'zod';
import { withZipMatchingState } from '../address-rules/zip-state.refine';
import { countryField, optionalField, phoneField, requiredField, stateField, zipField } from '../common/fields';

/** A saved address as the form sends it (spec: Address). */
export const addressFormSchema = withZipMatchingState(
  z.object({
    address_id: requiredField('Address ID', 50),
    name: requiredField('Name'),
    phone: phoneField(),
    company: optionalField('Company'),
    street: requiredField('Street'),
    street2: optionalField('Street 2'),
    city: requiredField('City', 60),
    state: stateField(),
    zip: zipField(),
    country: countryField(),
  }),
  'state',
  'zip',
);
export type AddressForm = z.input<typeof addressFormSchema>;

export const savedAddressSchema = z.object({
  _id: z.string(),
  address_id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  street: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.literal('US'),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

// REST (spec 7 "Addresses", under /api/auth): the spec wraps each address in `{formData}`.

/** GET /api/auth/get-address/{userId}. */
export const savedAddressesResponseSchema = z.object({ savedAddress: z.array(savedAddressSchema) });
export type SavedAddressesResponse = z.infer<typeof savedAddressesResponseSchema>;

/** POST /api/auth/save-address/{userId} and /api/auth/update-address/{userId}/{id}. */
export const addressBodySchema = z.object({ formData: addressFormSchema });
export type AddressBody = z.input<typeof addressBodySchema>;

/** POST /api/auth/delete-address/{userId}: the address's `_id`. */
export const deleteAddressBodySchema = z.object({ id: z.string({ error: 'id is required' }) });
export type DeleteAddressBody = z.input<typeof deleteAddressBodySchema>;
