import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { allCountries } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Each country's address rules come from maintained libraries (docs/decisions/098), never from a table of ours:
 * i18n-iso-countries for the ISO 3166-1 alpha-2 codes and their English names, postcode-validator for postal code
 * formats (a country it has no format for uses no postal codes), country-region-data for states and provinces.
 */
countries.registerLocale(english);

export interface CountryOption {
  code: string;
  name: string;
}

export interface ProvinceOption {
  code: string;
  name: string;
}

/** Every ISO 3166-1 alpha-2 country, by English name (for a select). */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const isCountryCode = (code: string): boolean => countries.isValid(code) && code.length === 2 && code === code.toUpperCase();

/** "Canada" for CA; the code itself for a code the library does not know. */
export const countryName = (code: string): string => countries.getName(code, 'en', { select: 'official' }) ?? code;

/**
 * A country as people write it: an alpha-2 or alpha-3 code in any case ("ca", "DEU") or its English name
 * ("Germany", "United Kingdom"); undefined when it names no country.
 */
export const countryCodeOf = (text: string): string | undefined => {
  const read = text.trim();
  if (read.length === 2 && countries.isValid(read.toUpperCase())) return read.toUpperCase();
  if (read.length === 3 && countries.isValid(read.toUpperCase())) return countries.alpha3ToAlpha2(read.toUpperCase());
  return countries.getAlpha2Code(read, 'en');
};

const PROVINCES: ReadonlyMap<string, readonly ProvinceOption[]> = new Map(
  allCountries.map(([, code, regions]) => [code, regions.map(([name, short]) => ({ code: short.toUpperCase(), name }))]),
);

/**
 * Countries whose addresses need the state or province on the label, the carriers' rule (USPS International Mail
 * Manual 122.2 writes "province or state" for these; Canada Post, Australia Post and Mexico's Correos sort by it).
 * Their lists of provinces come from country-region-data; elsewhere the province is free, optional text.
 */
const PROVINCE_REQUIRED = new Set(['US', 'CA', 'AU', 'MX', 'BR', 'IN', 'CN']);

/** The provinces a select offers for the country: [] where the country's addresses take none. */
export const provincesOf = (country: string): readonly ProvinceOption[] => (PROVINCE_REQUIRED.has(country) ? (PROVINCES.get(country) ?? []) : []);

export const provinceRequired = (country: string): boolean => PROVINCE_REQUIRED.has(country) && provincesOf(country).length > 0;

/** A province as written ("on", "Ontario") read as the country's code ("ON"); undefined when it is none of them. */
export const provinceCodeOf = (country: string, text: string): string | undefined => {
  const read = text.trim().toLowerCase();
  return provincesOf(country).find((province) => province.code.toLowerCase() === read || province.name.toLowerCase() === read)?.code;
};

/** Whether the country's addresses carry a postal code (then it is required and must have the country's shape). */
export const usesPostalCodes = (country: string): boolean => postcodeValidatorExistsForCountry(country);

export const isPostalCodeOf = (country: string, postalCode: string): boolean => postcodeValidator(postalCode.trim(), country);
