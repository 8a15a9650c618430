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

export const rowSuggestion = (values: BulkValues, answers: Answers): RowSuggestion | null => {
  const found: RowSuggestion = {};
  for (const party of PARTIES) {
    const address = partyAddress(values, party);
    const answer = address ? answers.get(addressKey(address)) : undefined;
    if (answer?.verdict === 'suggestion' && answer.suggestion) found[party] = answer.suggestion;
  }
  return found.from || found.to ? found : null;
};

/** Every row's suggestion, by row id (only rows that have one). */
export const suggestionsByRow = (rows: readonly BulkRow[], answers: Answers): Map<number, RowSuggestion> => {
  const byRow = new Map<number, RowSuggestion>();
  if (answers.size === 0) return byRow;
  for (const row of rows) {
    const suggestion = rowSuggestion(row.values, answers);
    if (suggestion) byRow.set(row.id, suggestion);
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
export const warningsByRow = (rows: readonly BulkRow[], warnings: Warnings): Map<number, string[]> => {
  const byRow = new Map<number, string[]>();
  if (warnings.size === 0) return byRow;
  for (const row of rows) {
    const found: string[] = [];
    for (const party of PARTIES) {
      const address = partyAddress(row.values, party);
      for (const warning of (address && warnings.get(addressKey(address))) || []) found.push(`${party === 'from' ? 'From' : 'To'}: ${warning}`);
    }
    if (found.length > 0) byRow.set(row.id, found);
  }
  return byRow;
};
