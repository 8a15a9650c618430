import { createHash } from 'node:crypto';
import type { AddressVerification, LabelAddress } from '../carrier.port';
import { undeliverable, verdictOf } from '../address/address-verdict';

/** USPS style (Pub 28): capitals, no punctuation but the hyphen, single spaces. */
const standardText = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9# -]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The sandbox's address verification, so the suggestion flow can be tried without a carrier account: deterministic,
 * and honest about being made up. A street without a house number is undeliverable; any other address is answered
 * in USPS style with a ZIP+4 whose last four digits come from a hash of the street and ZIP (a sample, not the real
 * ZIP+4). An address already in that form is `ok`, so accepting a suggestion ends the loop.
 */
export const sandboxAddressVerification = (address: LabelAddress): AddressVerification => {
  if (!/\d/.test(address.street1)) return undeliverable(['Address not found: the street has no house number (sandbox check)']);
  const street1 = standardText(address.street1);
  const street2 = address.street2 ? standardText(address.street2) || null : null;
  const zip5 = address.zip.trim().slice(0, 5);
  const plus4 = /^\d{5}-\d{4}$/.test(address.zip.trim())
    ? address.zip.trim().slice(6)
    : String(parseInt(createHash('sha256').update(`${street1}|${zip5}`).digest('hex').slice(0, 8), 16) % 10_000).padStart(4, '0');
  return verdictOf(address, { street1, street2, city: standardText(address.city), state: address.state.trim().toUpperCase(), zip: `${zip5}-${plus4}` }, []);
};
