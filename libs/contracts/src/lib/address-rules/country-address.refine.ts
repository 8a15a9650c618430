import type { z } from 'zod';
import { US_STATE_CODES } from '../common/us-states';
import { countryName, isPostalCodeOf, provinceCodeOf, provinceRequired, provincesOf, usesPostalCodes } from './countries';
import { leadingZeroHint, zipWithLeadingZeros } from './zip-leading-zeros';
import { ZIP_PATTERN, zipStateMismatch } from './zip-state';

/** Where an address keeps its country, state or province and ZIP or postal code, and whose it is ("Recipient"). */
export interface AddressKeys {
  country: string;
  state: string;
  zip: string;
  who: string;
}

type Problem = { key: 'state' | 'zip'; message: string };

const text = (value: unknown, key: string): string | undefined => {
  const read = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return typeof read === 'string' ? read : undefined;
};

/** The US rules, word for word as the US-only fields gave them: a state code, a ZIP or ZIP+4, the ZIP in that state. */
const usProblems = (state: string, zip: string, who: string): Problem[] => {
  const problems: Problem[] = [];
  const stateOk = US_STATE_CODES.includes(state);
  if (state === '') problems.push({ key: 'state', message: `${who} state is required` });
  else if (!stateOk) problems.push({ key: 'state', message: `${who} state must be a US state code, e.g. CA` });
  if (zip === '') problems.push({ key: 'zip', message: `${who} zip is required` });
  else if (!ZIP_PATTERN.test(zip)) {
    const padded = stateOk ? zipWithLeadingZeros(state, zip) : null;
    const shape = `${who} zip must be 5 digits or ZIP+4 (12345-6789)`;
    problems.push({ key: 'zip', message: padded ? `${shape}. ${leadingZeroHint(padded)}` : shape });
  } else if (stateOk) {
    const mismatch = zipStateMismatch(state, zip);
    if (mismatch) problems.push({ key: 'zip', message: mismatch });
  }
  return problems;
};

/** Another country's rules, from the libraries (decision 098): its provinces where it has them, its postal code shape. */
const abroadProblems = (country: string, state: string, zip: string, who: string): Problem[] => {
  const problems: Problem[] = [];
  const name = countryName(country);
  if (provinceRequired(country)) {
    const example = provincesOf(country)[0]?.code ?? '';
    if (state === '') problems.push({ key: 'state', message: `${who} province is required for ${name}` });
    else if (!provinceCodeOf(country, state)) problems.push({ key: 'state', message: `${who} province must be one of ${name}'s, e.g. ${example}` });
  }
  if (usesPostalCodes(country)) {
    if (zip === '') problems.push({ key: 'zip', message: `${who} postal code is required for ${name}` });
    else if (!isPostalCodeOf(country, zip)) problems.push({ key: 'zip', message: `${who} postal code is not a postal code of ${name}` });
  }
  return problems;
};

/** The problems of an address's state and postal code under its country's rules; [] when there are none. */
export const addressProblems = (country: string, state: string, zip: string, who: string): Problem[] =>
  country === 'US' ? usProblems(state, zip, who) : abroadProblems(country, state, zip, who);

/**
 * Adds the country's address rules to an address object, reported on the state and postal code fields: the US
 * state, ZIP and state ↔ ZIP rules at home, the country's own provinces and postal codes abroad (never US rules
 * there). It runs as soon as the three fields are valid on their own, so a form shows it while the user types.
 */
export const withCountryAddressRules = <S extends z.ZodObject>(schema: S, keys: AddressKeys): S =>
  schema.superRefine(
    (value, ctx) => {
      const country = text(value, keys.country);
      const state = text(value, keys.state);
      const zip = text(value, keys.zip);
      if (country === undefined || state === undefined || zip === undefined) return;
      for (const problem of addressProblems(country, state, zip, keys.who)) {
        const key = problem.key === 'state' ? keys.state : keys.zip;
        ctx.addIssue({ code: 'custom', path: [key], message: problem.message, input: problem.key === 'state' ? state : zip });
      }
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some(
          (issue) => issue.path === undefined || issue.path.length === 0 || [keys.country, keys.state, keys.zip].includes(String(issue.path[0])),
        ),
    },
  );
