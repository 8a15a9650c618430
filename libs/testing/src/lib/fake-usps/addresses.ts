import type { Reply } from './json';
import { errorBody } from './usps-errors';

export const ADDRESSES = '/addresses/v3';

const upper = (value: string | null): string => (value ?? '').toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();

/**
 * `GET /addresses/v3/address` as USPS Addresses 3.x answers it: streetAddress and state required, with city or
 * ZIPCode (400 otherwise). The fake's rule: a street without a house number has no match (404, USPS's words); a
 * street naming `APT` without its number is DPV `D` with correction 32; anything else is confirmed (`Y`) in
 * capitals with ZIPPlus4 `0001` unless one was given.
 */
export const fakeAddressReply = (query: URLSearchParams): Reply => {
  const street = query.get('streetAddress');
  const state = query.get('state');
  if (!street || !state || (!query.get('city') && !query.get('ZIPCode'))) {
    return { status: 400, body: errorBody(ADDRESSES, 400, [{ code: '400', detail: 'streetAddress, state and city or ZIPCode are required' }]) };
  }
  if (!/\d/.test(street)) return { status: 404, body: errorBody(ADDRESSES, 404, [{ code: '010005', detail: 'There is no match for the address requested.' }]) };
  const secondaryMissing = /\bAPT\s*$/i.test(street);
  return {
    status: 200,
    body: {
      firm: null,
      address: {
        streetAddress: upper(street),
        streetAddressAbbreviation: null,
        secondaryAddress: query.get('secondaryAddress') ? upper(query.get('secondaryAddress')) : null,
        city: upper(query.get('city')),
        cityAbbreviation: null,
        state: upper(state),
        ZIPCode: query.get('ZIPCode') ?? '00000',
        ZIPPlus4: query.get('ZIPPlus4') ?? '0001',
        urbanization: null,
      },
      additionalInfo: null,
      addressAdditionalInfo: { deliveryPoint: '01', carrierRoute: 'C001', DPVConfirmation: secondaryMissing ? 'D' : 'Y', DPVCMRA: 'N', business: 'N', centralDeliveryPoint: 'N', vacant: 'N' },
      addressCorrections: secondaryMissing ? [{ code: '32', text: 'Default address: The address you entered was found but more information is needed (such as an apartment, suite, or box number) to match to a specific address.' }] : [],
      addressMatches: secondaryMissing ? [] : [{ code: '31', text: 'Single Response - exact match' }],
    },
  };
};
