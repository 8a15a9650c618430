import { US_STATE_CODES } from '../common/us-states';
import { ZIP3_RUNS } from './zip3-states.data';
import { UNUSED_ZIP3_BELOW, ZIP3_TERRITORY_RUNS, ZIP5_STATE_EXCEPTIONS } from './zip3-territories.data';

/** USPS ZIP or ZIP+4: `12345` or `12345-6789`. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export const isUsStateCode = (code: string): boolean => US_STATE_CODES.includes(code.trim().toUpperCase());

export const isZipShape = (zip: string): boolean => ZIP_PATTERN.test(zip.trim());

/** Reads `005:NY 010-027:MA 967:HI|AS` runs into prefix → states; a later run adds to an earlier one. */
const readRuns = (runs: readonly string[], into: Map<string, string[]>): Map<string, string[]> => {
  for (const run of runs.join(' ').split(/\s+/).filter(Boolean)) {
    const [range, states] = run.split(':');
    const [from, to = from] = range.split('-').map(Number);
    for (let prefix = from; prefix <= to; prefix += 1) {
      const key = String(prefix).padStart(3, '0');
      const known = into.get(key) ?? [];
      into.set(key, [...known, ...states.split('|').filter((state) => !known.includes(state))]);
    }
  }
  return into;
};

const STATES_BY_PREFIX: ReadonlyMap<string, readonly string[]> = readRuns(ZIP3_TERRITORY_RUNS, readRuns(ZIP3_RUNS, new Map()));

/**
 * The states a ZIP may belong to: `[]` when its prefix is not used for US delivery (000–004), `null` when the
 * prefix is unassigned in the table (a gap USPS may fill later, so nothing is claimed about it).
 */
export const statesForZip = (zip: string): readonly string[] | null => {
  const five = zip.trim().slice(0, 5);
  const prefix = five.slice(0, 3);
  if (Number(prefix) < UNUSED_ZIP3_BELOW) return [];
  const states = STATES_BY_PREFIX.get(prefix);
  if (!states) return null;
  return [...states, ...(ZIP5_STATE_EXCEPTIONS[five] ?? [])];
};

const listStates = (states: readonly string[]): string =>
  states.length <= 2 ? states.join(' or ') : `${states.slice(0, -1).join(', ')} or ${states[states.length - 1]}`;

/**
 * Why a state and a ZIP cannot go together ("ZIP 10001 is in NY, not CA"), or null when they can or when one of
 * them is not well-formed yet (their own field rules speak for those).
 */
export const zipStateMismatch = (state: string, zip: string): string | null => {
  const code = state.trim().toUpperCase();
  const cleanZip = zip.trim();
  if (!isUsStateCode(code) || !isZipShape(cleanZip)) return null;
  const states = statesForZip(cleanZip);
  if (states === null || states.includes(code)) return null;
  if (states.length === 0) return `ZIP ${cleanZip} is not a US delivery ZIP`;
  return `ZIP ${cleanZip} is in ${listStates(states)}, not ${code}`;
};
