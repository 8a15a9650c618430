import { errorAnswer, type FakeAnswer } from './errors';
import { easyPostRecordedBody } from './recorded';
import { addressJson, standardised, type Json } from './shipment-json';
import { isUndeliverable } from './validate';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The recorded `verifications` of a found address and of one not found (recorded/address.json). */
const recordedVerifications = (name: 'found' | 'notFound'): Json => (easyPostRecordedBody('address', name) as Json)['verifications'] as Json;

/**
 * `POST /v2/addresses` `{address, verify}` as EasyPost answers it (recorded: 201 either way): the Address, with
 * `verifications.delivery` and `zip4` when `verify` (or `verify_strict`) was sent, `{}` otherwise. Not found: the
 * recorded undeliverable address ("000 unknown street", ZIP 00001, as validate.ts knows it) and a street without a
 * house number; any other address is deliverable in capitals with the ZIP+4 `-0001` added to a 5-digit ZIP.
 */
export const createFakeAddress = (body: unknown): FakeAnswer => {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const address = (typeof request['address'] === 'object' && request['address'] !== null ? request['address'] : {}) as Json;
  if (text(address['street1']) === '') {
    return errorAnswer({ status: 422, code: 'ADDRESS.VERIFY.FAILURE', message: 'Unable to verify address.', errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'street1', message: 'street1 is required' }] });
  }
  const verify = request['verify'] !== undefined || request['verify_strict'] !== undefined;
  const found = /\d/.test(text(address['street1'])) && !isUndeliverable(address);
  const verifications = verify ? recordedVerifications(found ? 'found' : 'notFound') : {};
  if (!found) return { status: 201, body: addressJson(address, verifications) };
  const answered = standardised(address);
  // A found address's empty second line comes back as "" (recorded), not null.
  return { status: 201, body: { ...addressJson(answered, verifications), street2: text(answered['street2']) } };
};
