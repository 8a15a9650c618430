import type { AddressVerificationResult, BulkTemplateColumn, VerifiableAddress } from '@labeldesk/contracts';
import { checkableAddress, type AddressSuggestion } from '../../../services/orders/verify-address';
import type { BulkRow, BulkValues } from './bulk-rows';

export type Party = 'from' | 'to';
type AddressPart = keyof AddressSuggestion;

/** The cells of each party's address in a bulk row. */
const PARTY_COLUMNS: Record<Party, Record<AddressPart, BulkTemplateColumn>> = {
  from: { street1: 'FromStreet1', street2: 'FromStreet2', city: 'FromCity', state: 'FromStateProvince', zip: 'FromZipPostal' },
  to: { street1: 'ToStreet1', street2: 'ToStreet2', city: 'ToCity', state: 'ToStateProvince', zip: 'ToZipPostal' },
};
const PARTIES: readonly Party[] = ['from', 'to'];

/** A party's address when the offline rules find nothing wrong with it, else null (not worth a carrier's look). */
export const partyAddress = (values: BulkValues, party: Party): VerifiableAddress | null => {
  const columns = PARTY_COLUMNS[party];
  return checkableAddress({ street1: values[columns.street1], street2: values[columns.street2], city: values[columns.city], state: values[columns.state], zip: values[columns.zip] });
};

export const addressKey = (address: VerifiableAddress): string => JSON.stringify([address.street1, address.street2, address.city, address.state, address.zip]);

/** The carrier's suggestions for one row, by party; absent when the carrier is happy or was not asked. */
export type RowSuggestion = Partial<Record<Party, AddressSuggestion>>;

export type Answers = ReadonlyMap<string, AddressVerificationResult | null>;

/** The rows (and which party of each) that have an address, by address key. */
export type AddressIndex = ReadonlyMap<string, ReadonlyArray<{ rowId: number; party: Party }>>;

/**
 * Each row's checkable addresses, by the row's values: a row whose cells did not change is not checked again when
 * the table changes elsewhere (a 100,000-row table re-read its every address on each answer: seconds of a busy page).
 */
const keysOfValues = new WeakMap<BulkValues, Readonly<Record<Party, string | null>>>();
const partyKeys = (values: BulkValues): Readonly<Record<Party, string | null>> => {
  let keys = keysOfValues.get(values);
  if (!keys) {
    const from = partyAddress(values, 'from');
    const to = partyAddress(values, 'to');
    keys = { from: from ? addressKey(from) : null, to: to ? addressKey(to) : null };
    keysOfValues.set(values, keys);
  }
  return keys;
};

/** Which rows have which address: built once per table, so that each answer costs its own rows only. */
export const indexAddresses = (rows: readonly BulkRow[]): AddressIndex => {
  const index = new Map<string, Array<{ rowId: number; party: Party }>>();
  for (const row of rows) {
    const keys = partyKeys(row.values);
    for (const party of PARTIES) {
      const key = keys[party];
      if (key === null) continue;
      const holders = index.get(key);
      if (holders) holders.push({ rowId: row.id, party });
      else index.set(key, [{ rowId: row.id, party }]);
    }
  }
  return index;
};

/** Every row's suggestion, by row id (only rows that have one). */
export const suggestionsByRow = (index: AddressIndex, answers: Answers): Map<number, RowSuggestion> => {
  const byRow = new Map<number, RowSuggestion>();
  for (const [key, answer] of answers) {
    if (answer?.verdict !== 'suggestion' || !answer.suggestion) continue;
    for (const { rowId, party } of index.get(key) ?? []) byRow.set(rowId, { ...byRow.get(rowId), [party]: answer.suggestion });
  }
  return byRow;
};

/** The cells a row's suggestion changes. */
export const suggestionPatch = (suggestion: RowSuggestion): Partial<BulkValues> => {
  const patch: Partial<BulkValues> = {};
  for (const party of PARTIES) {
    const chosen = suggestion[party];
    if (!chosen) continue;
    const columns = PARTY_COLUMNS[party];
    patch[columns.street1] = chosen.street1;
    patch[columns.street2] = chosen.street2 ?? '';
    patch[columns.city] = chosen.city;
    patch[columns.state] = chosen.state;
    patch[columns.zip] = chosen.zip;
  }
  return patch;
};

/** The distinct addresses of the rows not asked about yet, in table order. */
export const addressesToAsk = (rows: readonly BulkRow[], asked: ReadonlySet<string>, limit: number): Map<string, VerifiableAddress> => {
  const wanted = new Map<string, VerifiableAddress>();
  for (const row of rows) {
    for (const party of PARTIES) {
      if (wanted.size + asked.size >= limit) return wanted;
      const address = partyAddress(row.values, party);
      if (!address) continue;
      const key = addressKey(address);
      if (!asked.has(key)) wanted.set(key, address);
    }
  }
  return wanted;
};

/** What the server doubts about an address without refusing it (a city other than the ZIP's usual one), by address key. */
export type Warnings = ReadonlyMap<string, readonly string[]>;

/** Every row's address warnings, `From: …` / `To: …`, by row id (only rows that have some). */
export const warningsByRow = (index: AddressIndex, warnings: Warnings): Map<number, string[]> => {
  const byParty = new Map<number, Partial<Record<Party, readonly string[]>>>();
  for (const [key, found] of warnings) {
    if (found.length === 0) continue;
    for (const { rowId, party } of index.get(key) ?? []) byParty.set(rowId, { ...byParty.get(rowId), [party]: found });
  }
  const byRow = new Map<number, string[]>();
  for (const [rowId, parties] of byParty) {
    byRow.set(rowId, PARTIES.flatMap((party) => (parties[party] ?? []).map((warning) => `${party === 'from' ? 'From' : 'To'}: ${warning}`)));
  }
  return byRow;
};
