import type { Reply } from './json';

type ZipTable = typeof import('zipcodes');
let table: Promise<ZipTable> | null = null;
/** Loaded on first use only: the table takes a second to load, and our adapter always sends both city and ZIP. */
const zipTable = (): Promise<ZipTable> => (table ??= import('zipcodes').then((module) => (module as { default?: ZipTable }).default ?? (module as unknown as ZipTable)));

export const ADDRESSES = '/addresses/v3';

/**
 * Streets that make the fake's Addresses API answer one way, whatever the city and ZIP. Every other street with a
 * house number is a confirmed delivery point (DPV `Y`).
 */
export const FAKE_USPS_ADDRESS_TRIGGERS = {
  /** No house number: USPS's 404 "There is no match for the address requested." */
  noMatch: 'Fifth Avenue',
  /** An apartment building asked for without its apartment (a street ending in `APT`, no secondary address): DPV `D`, correction 32. */
  secondaryMissing: '350 Fifth Ave Apt',
  /** A street that is not a delivery point (any street containing "Vacant Lot"): DPV `N`. */
  notADeliveryPoint: '1 Vacant Lot Rd',
} as const;

const upper = (value: string): string => value.toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();

/** The `Address-Not-Found` and `Unverifiable-City-and-State` examples of the Addresses 3.2.3 spec, as published. */
const notFound = (message: string): Reply => ({ status: 404, body: { apiVersion: 'v3', error: { code: '404', message, errors: [] } } });

const CORRECTION_32 = { code: '32', text: 'Default address: The address you entered was found but more information is needed (such as an apartment, suite, or box number) to match to a specific address.' };
const EXACT_MATCH = { code: '31', text: 'Single Response - exact match' };

/**
 * `GET /addresses/v3/address` as Addresses 3.2.3 documents it (`AddressResponse`: `address`, `additionalInfo`,
 * `corrections`, `matches`, no nulls), once the spec check has found streetAddress, state and the other parameters
 * well formed. The city comes from the ZIP when only the ZIP was given, and the ZIP from the city and state when only
 * they were; the spec asks for one of the two. ZIPPlus4 `0001` unless one was given.
 */
export const fakeAddressReply = async (query: URLSearchParams): Promise<Reply> => {
  const street = query.get('streetAddress') ?? '';
  const state = upper(query.get('state') ?? '');
  const givenZip = query.get('ZIPCode');
  const givenCity = query.get('city');
  if (!givenZip && !givenCity) return notFound('The city and state are missing or together unverifiable.');
  const city = givenCity ? upper(givenCity) : upper((await zipTable()).lookup(givenZip ?? '')?.city ?? '');
  const zip = givenZip ?? (await zipTable()).lookupByName(givenCity ?? '', state)[0]?.zip;
  if (!city || !zip) return notFound('The city and state are missing or together unverifiable.');
  if (!/\d/.test(street)) return notFound('There is no match for the address requested.');

  const secondary = query.get('secondaryAddress');
  const dpv = /vacant lot/i.test(street) ? 'N' : /\bAPT\s*$/i.test(street) && !secondary ? 'D' : 'Y';
  const firm = query.get('firm');
  return {
    status: 200,
    body: {
      ...(firm ? { firm: upper(firm) } : {}),
      address: {
        streetAddress: upper(street),
        ...(secondary ? { secondaryAddress: upper(secondary) } : {}),
        city,
        state,
        ZIPCode: zip,
        ZIPPlus4: query.get('ZIPPlus4') ?? '0001',
      },
      additionalInfo: { deliveryPoint: '01', carrierRoute: 'C001', DPVConfirmation: dpv, DPVCMRA: 'N', business: firm ? 'Y' : 'N', centralDeliveryPoint: 'N', vacant: dpv === 'N' ? 'Y' : 'N' },
      corrections: dpv === 'D' ? [CORRECTION_32] : [],
      matches: dpv === 'Y' ? [EXACT_MATCH] : [],
    },
  };
};
