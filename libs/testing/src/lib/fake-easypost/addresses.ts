import { errorAnswer, hexId, type FakeAnswer, type Json } from './ledger';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const upper = (value: unknown): string => text(value).toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();

/**
 * `POST /v2/addresses` `{address, verify}` as EasyPost answers it: the Address, with `verifications.delivery` and
 * `zip4` when `verify` (or `verify_strict`) was sent. The fake's rule: a street without a house number is not found;
 * any other address is deliverable in capitals with the ZIP+4 `-0001` added to a 5-digit ZIP.
 */
export const createFakeAddress = (body: unknown): FakeAnswer => {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const address = (typeof request['address'] === 'object' && request['address'] !== null ? request['address'] : {}) as Json;
  if (text(address['street1']) === '') {
    return errorAnswer({ status: 422, code: 'ADDRESS.VERIFY.FAILURE', message: 'Unable to verify address.', errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'street1', message: 'street1 is required' }] });
  }
  const verify = request['verify'] !== undefined || request['verify_strict'] !== undefined;
  const found = /\d/.test(text(address['street1']));
  const zip = text(address['zip']).trim();
  const standardized = {
    street1: upper(address['street1']),
    street2: upper(address['street2']),
    city: upper(address['city']),
    state: upper(address['state']),
    zip: /^\d{5}$/.test(zip) ? `${zip}-0001` : zip,
  };
  const delivery = found
    ? { success: true, errors: [], details: { latitude: 37.79, longitude: -122.4, time_zone: 'America/Los_Angeles' } }
    : { success: false, errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null }], details: {} };
  return {
    status: 201,
    body: {
      id: hexId('adr'),
      object: 'Address',
      mode: 'test',
      name: text(address['name']) || null,
      company: text(address['company']) || null,
      phone: text(address['phone']) || null,
      ...(found ? standardized : { street1: text(address['street1']), street2: text(address['street2']), city: text(address['city']), state: text(address['state']), zip }),
      country: 'US',
      residential: null,
      verifications: verify ? { delivery, zip4: { success: found, errors: [], details: null } } : {},
    },
  };
};
