import { zipWithLeadingZeros } from '@labeldesk/contracts';
import type { BulkRow, BulkValues } from './bulk-rows';

/** The ZIP cells a row's fix changes: each the ZIP with its leading zeros back ("2134" with MA → "02134"). */
export type ZipFix = Partial<Pick<BulkValues, 'FromZipPostal' | 'ToZipPostal'>>;

const PARTY_ZIPS = [
  { state: 'FromStateProvince', zip: 'FromZipPostal' },
  { state: 'ToStateProvince', zip: 'ToZipPostal' },
] as const;

/** By the row's values: a row whose cells did not change is not read again when the table changes elsewhere. */
const fixOfValues = new WeakMap<BulkValues, ZipFix | null>();

/** A row's ZIPs that lost their leading zeros (a spreadsheet read them as numbers), put right; null when none did. */
export const zipFixOf = (values: BulkValues): ZipFix | null => {
  const known = fixOfValues.get(values);
  if (known !== undefined) return known;
  const fix: ZipFix = {};
  for (const { state, zip } of PARTY_ZIPS) {
    const padded = zipWithLeadingZeros(values[state], values[zip]);
    if (padded) fix[zip] = padded;
  }
  const found = Object.keys(fix).length > 0 ? fix : null;
  fixOfValues.set(values, found);
  return found;
};

/** Every row's ZIP fix, by row id (only rows that have one). */
export const zipFixesByRow = (rows: readonly BulkRow[]): Map<number, ZipFix> => {
  const byRow = new Map<number, ZipFix>();
  for (const row of rows) {
    const fix = zipFixOf(row.values);
    if (fix) byRow.set(row.id, fix);
  }
  return byRow;
};

/** How many ZIP cells the fixes change (a row may have its From and its To fixed). */
export const zipFixCount = (fixes: ReadonlyMap<number, ZipFix>): number => {
  let count = 0;
  for (const fix of fixes.values()) count += Object.keys(fix).length;
  return count;
};

/** The one-click fix's words: "Use 02134", or "Use 00501 and 02134" when both ZIPs lost their zeros. */
export const zipFixLabel = (fix: ZipFix): string => `Use ${[fix.FromZipPostal, fix.ToZipPostal].filter((zip) => zip !== undefined).join(' and ')}`;
