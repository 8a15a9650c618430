import { z } from 'zod';
import { US_STATE_CODES } from './us-states';
import { countryCodeOf, isCountryCode } from '../address-rules/countries';

/**
 * Line breaks, tabs and every other control character (C0, DEL, C1 such as NEL), and the Unicode line and
 * paragraph separators. None belongs in a one-line field: a label prints "Name⏎c/o Front Desk" as "NAME?C/O ...".
 */
const LINE_BREAKS = /[\p{Cc}\u2028\u2029]+/gu;
/** The same characters, for a test (not global: a global pattern's test() would carry lastIndex from one call to the next). */
const HAS_LINE_BREAK = /[\p{Cc}\u2028\u2029]/u;

/** Each run of line breaks, tabs or control characters becomes one space; nothing else changes (safe while typing). */
export const foldLineBreaks = (text: string): string => text.replace(LINE_BREAKS, ' ');

/**
 * A field's text on one line: "Name ⏎ c/o Front Desk\t" is "Name c/o Front Desk" (a break and the spaces around
 * it are one space), trimmed. Split and join rather than one pattern with spaces on both sides, which would take
 * quadratic time on a long run of spaces.
 */
export const oneLine = (text: string): string =>
  // Nearly every field has no break at all: then it is only trimmed (what the split below gives for one part),
  // without the arrays of the split, at every field of every row of a bulk order.
  !HAS_LINE_BREAK.test(text)
    ? text.trim()
    : text
        .split(LINE_BREAKS)
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .join(' ');

/**
 * Form values arrive as strings or numbers; both ends read them the same way, on one line (oneLine). Anything else
 * (an object, a list, a boolean) is passed on untouched so the field's own schema refuses it: `String()` would
 * store "[object Object]".
 */
export const toText = (value: unknown): unknown =>
  value === null || value === undefined ? '' : typeof value === 'string' ? oneLine(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : value;

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

/** An optional field's value read as text, or null when it is empty. */
const emptyAsNull = (value: unknown): unknown => {
  const read = toText(value);
  return isEmpty(read) ? null : read;
};

/** The message for a value that is not text at all, in the spec's '{label} ...' form. */
export const notText = (label: string) => `${label} must be text`;

/** A string schema that names the field when the value is not a string. */
export const textSchema = (label: string) => z.string({ error: notText(label) });

/** A required text field with the spec's generic message '{label} is required'. */
export const requiredField = (label: string, max = 100) =>
  z.preprocess(toText, textSchema(label).min(1, { error: `${label} is required` }).max(max, { error: `${label} is too long (max ${max})` }));

/** An optional text field: empty becomes null. */
export const optionalField = (label: string, max = 100) =>
  z.preprocess(emptyAsNull, textSchema(label).max(max, { error: `${label} is too long (max ${max})` }).nullable());

export const phoneField = (label = 'Phone') =>
  z.preprocess(
    emptyAsNull,
    textSchema(label).max(30, { error: `${label} is too long` }).regex(/^\+?[\d\s-]+$/, { error: 'Invalid phone number' }).nullable(),
  );

export const stateField = (label = 'State') =>
  z.preprocess(
    (value) => {
      const read = toText(value);
      return typeof read === 'string' ? read.toUpperCase() : read;
    },
    textSchema(label)
      .min(1, { error: `${label} is required` })
      .refine((code) => US_STATE_CODES.includes(code), { error: `${label} must be a US state code, e.g. CA` }),
  );

export const zipField = (label = 'ZIP') =>
  z.preprocess(
    toText,
    textSchema(label).min(1, { error: `${label} is required` }).regex(/^\d{5}(-\d{4})?$/, { error: `${label} must be 5 digits or ZIP+4 (12345-6789)` }),
  );

export const countryField = () =>
  z.preprocess(
    (value) => {
      const read = toText(value);
      if (typeof read !== 'string') return read;
      const upper = read.toUpperCase();
      return upper === '' || upper === 'UNITED STATES' || upper === 'USA' ? 'US' : upper;
    },
    z.literal('US', { error: 'Country must be United States' }),
  );

/**
 * Any country (decision 098): an ISO 3166-1 alpha-2 code, read from a code in any case, an alpha-3 code or the
 * country's English name; empty is the United States, as every address was before labels went abroad.
 */
export const anyCountryField = (label = 'Country') =>
  z.preprocess(
    (value) => {
      const read = toText(value);
      if (typeof read !== 'string') return read;
      return read === '' ? 'US' : (countryCodeOf(read) ?? read);
    },
    textSchema(label).refine(isCountryCode, { error: `${label} must be a country, e.g. CA or Canada` }),
  );

/** Upper-case text as a label prints it, whose rules the address's country decides (address-rules/country-address.refine). */
const upperText = (label: string, max: number) =>
  z.preprocess(
    (value) => {
      const read = toText(value);
      return typeof read === 'string' ? read.toUpperCase() : read;
    },
    textSchema(label).max(max, { error: `${label} is too long (max ${max})` }),
  );

/** A state or province in any country: a US state code at home, a province where the country has them, else free. */
export const regionField = (label = 'State') => upperText(label, 60);

/** A ZIP at home, the country's postal code abroad (empty where the country uses none). */
export const postalCodeField = (label = 'Postal code') => upperText(label, 20);

/** A number that may arrive as text. Empty is "missing", not zero. */
export const numberField = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) }).finite({ error: `${label} must be a number` }),
  );

export const positiveNumber = (label: string, max: number) =>
  numberField(label).pipe(z.number().gt(0, { error: `${label} must be greater than 0` }).max(max, { error: `${label} must be less than ${max}` }));
