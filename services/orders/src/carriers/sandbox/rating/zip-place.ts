import { statesForZip } from '@labeldesk/contracts';
import { STATE_LOCATIONS, type StateLocation } from './state-locations.data';

/**
 * Where a ZIP's 3-digit area is, as far as zoning needs: a state's location, or "zone 9 from anywhere" for the Pacific
 * territories and freely associated states, or why it cannot be placed.
 */
export type ZipPlace =
  | { kind: 'located'; zip3: string; state: string; locationKey: string; location: StateLocation; military: boolean }
  | { kind: 'pacific'; zip3: string; state: string }
  | { kind: 'unplaced'; reason: string };

/**
 * USPS puts these in zone 9 (Guam, the Northern Mariana Islands, American Samoa and the freely associated states of
 * Palau, Micronesia and the Marshall Islands): shippingschool.com "What USPS zone am I located in?" and
 * shipnetwork.com "Postal zones" list zone 9 for them.
 */
const PACIFIC_STATES: ReadonlySet<string> = new Set(['GU', 'MP', 'AS', 'PW', 'FM', 'MH']);

/** American Samoa's one ZIP sits inside Hawaii's prefix 967 (zip3-territories.data.ts). */
const AMERICAN_SAMOA_ZIP = '96799';

/**
 * Military post offices are placed at the U.S. gateway their mail leaves from (AA Miami, AE New York, AP San
 * Francisco): a modelling choice of this simulation, not a USPS table.
 */
const MILITARY_GATEWAY_STATE: Readonly<Record<string, string>> = { AA: 'FL', AE: 'NY', AP: 'CA' };

const ZIP_SHAPE = /^(\d{5})(-\d{4})?$/;

const placeOfState = (zip3: string, state: string): ZipPlace => {
  if (PACIFIC_STATES.has(state)) return { kind: 'pacific', zip3, state };
  const locationKey = MILITARY_GATEWAY_STATE[state] ?? state;
  const location = STATE_LOCATIONS[locationKey];
  if (!location) return { kind: 'unplaced', reason: `ZIP prefix ${zip3} (${state}) has no known location` };
  return { kind: 'located', zip3, state, locationKey, location, military: locationKey !== state };
};

/** Places a 5-digit ZIP or ZIP+4 by its first three digits. */
export const placeZip = (zip: string): ZipPlace => {
  const five = ZIP_SHAPE.exec(zip.trim())?.[1];
  if (!five) return { kind: 'unplaced', reason: `"${zip}" is not a US ZIP code (5 digits, or ZIP+4)` };
  const zip3 = five.slice(0, 3);
  if (five === AMERICAN_SAMOA_ZIP) return { kind: 'pacific', zip3, state: 'AS' };
  const states = statesForZip(five);
  if (states === null) return { kind: 'unplaced', reason: `ZIP prefix ${zip3} is not assigned by USPS` };
  const [state] = states;
  if (!state) return { kind: 'unplaced', reason: `ZIP ${five} is not a US delivery ZIP` };
  return placeOfState(zip3, state);
};
