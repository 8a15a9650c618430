import { z } from 'zod';
import { EU_COUNTRIES } from '../orders/customs.schema';

/**
 * The country groups labels abroad are priced by (decision 116): the groups the sandbox rates by (decision 098), as
 * USPS prices international mail by Price Group (1 Canada, 2 Mexico, then groups of countries). Europe is the EU and
 * its neighbours that share its postal agreements; Asia-Pacific the markets US sellers ship to most; every other
 * country is the rest of the world. One definition for pricing, the sandbox and the admin's page.
 */
export const COUNTRY_GROUPS = ['canada', 'mexico', 'europe', 'asia_pacific', 'rest_of_world'] as const;
export const countryGroupSchema = z.enum(COUNTRY_GROUPS, { error: 'Country group must be canada, mexico, europe, asia_pacific or rest_of_world' });
export type CountryGroup = z.infer<typeof countryGroupSchema>;

export const COUNTRY_GROUP_NAMES: Readonly<Record<CountryGroup, string>> = {
  canada: 'Canada',
  mexico: 'Mexico',
  europe: 'Europe',
  asia_pacific: 'Asia-Pacific',
  rest_of_world: 'Rest of the world',
};

const EUROPE_BEYOND_EU = new Set(['GB', 'CH', 'NO', 'IS', 'LI', 'MC', 'SM', 'VA', 'AD', 'GI', 'IM', 'JE', 'GG', 'FO']);
const ASIA_PACIFIC = new Set(['AU', 'NZ', 'JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'SG', 'MY', 'TH', 'PH', 'ID', 'VN', 'IN']);

/** The group of a receiver abroad (ISO 3166-1 alpha-2); null at home (the US, or no country given), priced as before. */
export const countryGroupOf = (country: string | undefined): CountryGroup | null => {
  const code = (country ?? '').trim().toUpperCase();
  if (code === '' || code === 'US') return null;
  if (code === 'CA') return 'canada';
  if (code === 'MX') return 'mexico';
  if (EU_COUNTRIES.has(code) || EUROPE_BEYOND_EU.has(code)) return 'europe';
  if (ASIA_PACIFIC.has(code)) return 'asia_pacific';
  return 'rest_of_world';
};
