import { isUsStateCode, statesForZip } from './zip-state';

/** A ZIP whose first part lost its zeros: 3 or 4 digits, with or without the `-6789` of a ZIP+4. */
const SHORT_ZIP = /^(\d{3,4})(-\d{4})?$/;

/**
 * The ZIP a spreadsheet most likely meant when it dropped the leading zeros ("2134" for Boston, MA, read as a number):
 * the zeros put back, when that gives a ZIP of the state (`2134`, MA → `02134`; `501`, NY → `00501`), else null. Never
 * a ZIP of another state: `2134` in CA stays unanswered rather than guessed.
 */
export const zipWithLeadingZeros = (state: string, zip: string): string | null => {
  const code = state.trim().toUpperCase();
  const short = SHORT_ZIP.exec(zip.trim());
  if (!short || !isUsStateCode(code)) return null;
  const [, digits = '', plusFour = ''] = short;
  const padded = `${digits.padStart(5, '0')}${plusFour}`;
  return statesForZip(padded)?.includes(code) ? padded : null;
};

/** The sentence after a refusal of such a ZIP, in the form, the bulk table and the server's answer alike. */
export const leadingZeroHint = (padded: string): string => `Did you mean ${padded}?`;
