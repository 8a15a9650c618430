import { COUNTRY_GROUPS, countryGroupOf as contractGroupOf, COUNTRY_GROUP_NAMES as GROUP_NAMES } from '@labeldesk/contracts';

/**
 * The sandbox's price groups abroad, numbered as USPS numbers its Price Groups (1 Canada, 2 Mexico, then groups of
 * countries): the contracts' country groups (decision 116), which an admin's tiers per group price by too.
 */
export type CountryGroup = 1 | 2 | 3 | 4 | 5;

const numberOf = (index: number): CountryGroup => (index + 1) as CountryGroup;

export const COUNTRY_GROUP_NAMES: Readonly<Record<CountryGroup, string>> = Object.fromEntries(
  COUNTRY_GROUPS.map((group, index) => [numberOf(index), GROUP_NAMES[group]]),
) as Record<CountryGroup, string>;

export const countryGroupOf = (country: string): CountryGroup => numberOf(COUNTRY_GROUPS.indexOf(contractGroupOf(country) ?? 'rest_of_world'));
