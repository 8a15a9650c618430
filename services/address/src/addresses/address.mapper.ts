import type { SavedAddress } from '@labeldesk/contracts';
import type { SavedAddressEntity } from './saved-address.entity';

export const toSavedAddress = (a: SavedAddressEntity): SavedAddress => ({
  _id: a.id,
  address_id: a.addressId,
  name: a.name,
  phone: a.phone,
  company: a.company,
  street: a.street,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country,
});
