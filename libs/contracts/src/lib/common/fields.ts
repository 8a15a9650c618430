import { z } from 'zod';
import { US_STATE_CODES } from './us-states';

/** Form values arrive as strings or numbers; both ends read them the same way. */
const toText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** A required text field with the spec's generic message '{label} is required'. */
export const requiredField = (label: string, max = 100) =>
  z.preprocess(toText, z.string().min(1, { error: `${label} is required` }).max(max, { error: `${label} is too long (max ${max})` }));

/** An optional text field: empty becomes null. */
export const optionalField = (label: string, max = 100) =>
  z.preprocess((value) => toText(value) || null, z.string().max(max, { error: `${label} is too long (max ${max})` }).nullable());

export const phoneField = (label = 'Phone') =>
  z.preprocess(
    (value) => toText(value) || null,
    z.string().max(30, { error: `${label} is too long` }).regex(/^\+?[\d\s-]+$/, { error: 'Invalid phone number' }).nullable(),
  );

export const stateField = (label = 'State') =>
  z.preprocess(
    (value) => toText(value).toUpperCase(),
    z
      .string()
      .min(1, { error: `${label} is required` })
      .refine((code) => US_STATE_CODES.includes(code), { error: `${label} must be a US state code, e.g. CA` }),
  );

export const zipField = (label = 'ZIP') =>
  z.preprocess(
    toText,
    z.string().min(1, { error: `${label} is required` }).regex(/^\d{5}(-\d{4})?$/, { error: `${label} must be 5 digits or ZIP+4 (12345-6789)` }),
  );

export const countryField = () =>
  z.preprocess(
    (value) => {
      const text = toText(value).toUpperCase();
      return text === '' || text === 'UNITED STATES' || text === 'USA' ? 'US' : text;
    },
    z.literal('US', { error: 'Country must be United States' }),
  );

/** A number that may arrive as text. Empty is "missing", not zero. */
export const numberField = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) }).finite({ error: `${label} must be a number` }),
  );

export const positiveNumber = (label: string, max: number) =>
  numberField(label).pipe(z.number().gt(0, { error: `${label} must be greater than 0` }).max(max, { error: `${label} must be less than ${max}` }));
