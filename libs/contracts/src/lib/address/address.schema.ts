import { z } from 'zod';
import { countryField, optionalField, phoneField, requiredField, stateField, zipField } from '../common/fields';

/** A saved address as the form sends it (spec: Address). */
export const addressFormSchema = z.object({
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
});
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
