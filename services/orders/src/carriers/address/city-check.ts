/**
 * City ↔ ZIP, a warning only: USPS accepts several city names for many ZIPs (a town inside a city's ZIP, "ST" for
 * "SAINT"), so a city other than the one a ZIP is usually known by is worth a second look, never a refusal. The table
 * (`zipcodes`, BSD; its data from federalgovernmentzipcodes.us and GeoNames, CC BY 4.0) names one city per ZIP and
 * misses newer ZIPs: a ZIP it does not know, or knows in another state (the state rule speaks then), says nothing.
 * It is loaded on first use (about 9 MiB), never in a process that checks no address.
 */
interface ZipTable {
  lookup(zip: string): { city: string; state: string } | undefined;
}

let table: Promise<ZipTable> | null = null;
const zipTable = (): Promise<ZipTable> =>
  (table ??= import('zipcodes').then((module) => ((module as { default?: ZipTable }).default ?? (module as unknown as ZipTable))));

const ABBREVIATIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bSAINT\b/g, 'ST'],
  [/\bSAINTE\b/g, 'STE'],
  [/\bFORT\b/g, 'FT'],
  [/\bMOUNT\b/g, 'MT'],
  [/\bNORTH\b/g, 'N'],
  [/\bSOUTH\b/g, 'S'],
  [/\bEAST\b/g, 'E'],
  [/\bWEST\b/g, 'W'],
];

/** A city as USPS compares it: capitals, no accents or punctuation, the usual abbreviations. */
export const comparableCity = (city: string): string => {
  let text = city.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z ]/g, ' ');
  for (const [word, short] of ABBREVIATIONS) text = text.replace(word, short);
  return text.replace(/\s+/g, '');
};

/** A warning when the city is not the one the ZIP is usually known by, else null. */
export const cityWarning = async (address: { city: string; state: string; zip: string }): Promise<string | null> => {
  const zip5 = address.zip.slice(0, 5);
  const known = (await zipTable()).lookup(zip5);
  if (!known || known.state !== address.state.toUpperCase()) return null;
  if (comparableCity(known.city) === comparableCity(address.city)) return null;
  return `ZIP ${zip5} is usually ${known.city.toUpperCase()}, ${known.state}, not ${address.city.toUpperCase()}: check the city (USPS accepts some other names).`;
};
