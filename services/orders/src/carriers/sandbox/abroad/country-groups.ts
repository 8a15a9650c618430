import { EU_COUNTRIES } from '@labeldesk/contracts';

/**
 * The sandbox's price groups abroad, as USPS prices international mail by Price Group (1 Canada, 2 Mexico, then
 * groups of countries): five groups are enough for a simulation. Europe is the EU and its neighbours that share its
 * postal agreements; Asia-Pacific the markets US sellers ship to most; the rest of the world is group 5.
 */
export type CountryGroup = 1 | 2 | 3 | 4 | 5;

const EUROPE_BEYOND_EU = ['GB', 'CH', 'NO', 'IS', 'LI', 'MC', 'SM', 'VA', 'AD', 'GI', 'IM', 'JE', 'GG', 'FO'];
const ASIA_PACIFIC = ['AU', 'NZ', 'JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'SG', 'MY', 'TH', 'PH', 'ID', 'VN', 'IN'];

export const COUNTRY_GROUP_NAMES: Readonly<Record<CountryGroup, string>> = {
  1: 'Canada',
  2: 'Mexico',
  3: 'Europe',
  4: 'Asia-Pacific',
  5: 'Rest of the world',
};

export const countryGroupOf = (country: string): CountryGroup => {
  if (country === 'CA') return 1;
  if (country === 'MX') return 2;
  if (EU_COUNTRIES.has(country) || EUROPE_BEYOND_EU.includes(country)) return 3;
  if (ASIA_PACIFIC.includes(country)) return 4;
  return 5;
};
