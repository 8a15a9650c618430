import { headerSignature, normaliseHeaderName, oneLine, REQUIRED_TEMPLATE_COLUMNS } from '@labeldesk/contracts';
import type { BulkLimits, BulkTemplateColumn, CsvColumnMapping, SavedAddress, SkuRecord } from '@labeldesk/contracts';
import Papa from 'papaparse';
import { normaliseCountry, normalisePhone, normaliseState, normaliseZip, senderValues } from './amazon-parser';
import { COLUMN_BY_KEY } from './bulk-columns';
import { DEFAULT_BULK_LIMITS } from '../../../services/bulk-orders/bulk-limits';
import { BulkFileError, checkRowCount } from './bulk-file';
import { emptyValues } from './bulk-rows';
import { joinOrderItems } from './order-items';
import type { MappedLine } from './order-items';
import { presetNamed, presetPackageWeight } from './preset-weight';
import type { LoadedRow } from './use-bulk-rows';

/** A CSV whose header is not the Bulk Template's (a marketplace export), read as it is, waiting to be mapped. */
export interface ForeignCsv {
  header: string[];
  rows: string[][];
  signature: string;
}

/** What the page fills in for columns the file does not have. */
export interface MappingDefaults {
  /** The sender picked on the page: it fills every From column when the file maps none. */
  sender: SavedAddress | undefined;
  /** Saved presets: a row's SKU fills its package size and weight when the file has none. */
  skus: readonly SkuRecord[];
  /** The service picked on the page: the table gives it to every row without one. */
  serviceName: string;
}

const FROM_COLUMNS: readonly BulkTemplateColumn[] = ['FromSenderName', 'FromCompany', 'FromPhone', 'FromStreet1', 'FromStreet2', 'FromCity', 'FromStateProvince', 'FromZipPostal', 'FromCountry'];

/** Reads a CSV without assuming our template: the first line is the header, every other non-empty line a row. */
export const readForeignCsv = (text: string, limits: BulkLimits = DEFAULT_BULK_LIMITS): ForeignCsv => {
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const line = broken.row === undefined ? '' : ` (row ${broken.row + 1})`;
    throw new BulkFileError('parse', `The CSV could not be read${line}: ${broken.message}.`);
  }
  const [first = [], ...rows] = result.data;
  const header = first.map((name) => name.replace(/^\uFEFF/, '').trim());
  if (header.every((name) => name === '')) throw new BulkFileError('processing', 'The first line of the file must name its columns.');
  checkRowCount(rows.length, limits);
  return { header, rows, signature: headerSignature(header) };
};

/** Where each named file column is, by its normalised name (the first one when a name repeats). */
const columnIndex = (header: readonly string[]): ReadonlyMap<string, number> => {
  const index = new Map<string, number>();
  header.forEach((name, position) => {
    const key = normaliseHeaderName(name);
    if (!index.has(key)) index.set(key, position);
  });
  return index;
};

/** A saved mapping still fits a file when every file column it names is in the header. */
export const mappingFits = (mapping: CsvColumnMapping, header: readonly string[]): boolean => {
  const index = columnIndex(header);
  return Object.values(mapping).every((columns) => columns.every((name) => index.has(normaliseHeaderName(name))));
};

const NORMALISE: Partial<Record<BulkTemplateColumn, (text: string) => string>> = {
  ToStateProvince: normaliseState,
  FromStateProvince: normaliseState,
  ToZipPostal: normaliseZip,
  FromZipPostal: normaliseZip,
  ToPhone: normalisePhone,
  FromPhone: normalisePhone,
  ToCountry: normaliseCountry,
  FromCountry: normaliseCountry,
};

/**
 * The file's rows in our template's columns: mapped columns are read (several joined with a space), and what the
 * file lacks comes from the page as for an Amazon file: the picked sender fills the From columns when none is
 * mapped, and a row's SKU preset fills its package size, weight and description when those are not mapped. The
 * extra item lines of an order (same order ID, no address) join their order's row.
 */
export const mapForeignRows = (file: Pick<ForeignCsv, 'header' | 'rows'>, mapping: CsvColumnMapping, defaults: MappingDefaults): LoadedRow[] => {
  const index = columnIndex(file.header);
  const readers = (Object.entries(mapping) as [BulkTemplateColumn, string[]][]).map(([key, columns]) => {
    const positions = columns.map((name) => index.get(normaliseHeaderName(name))).filter((position): position is number => position !== undefined);
    return { key, positions };
  });
  const senderFills = defaults.sender !== undefined && !FROM_COLUMNS.some((key) => mapping[key]);

  const lines = file.rows.map((cells): MappedLine => {
    const values = emptyValues();
    if (senderFills && defaults.sender) senderValues(values, defaults.sender);
    for (const { key, positions } of readers) {
      const text = positions
        .map((position) => oneLine(cells[position] ?? ''))
        .filter((part) => part !== '')
        .join(' ');
      values[key] = NORMALISE[key] && text !== '' ? (NORMALISE[key]?.(text) ?? text) : text;
    }
    const preset = presetNamed(defaults.skus, values.skuNumber);
    if (!preset) return { values };
    if (!mapping.PackageLength) values.PackageLength = String(preset.length);
    if (!mapping.PackageWidth) values.PackageWidth = String(preset.width);
    if (!mapping.PackageHeight) values.PackageHeight = String(preset.height);
    if (!mapping.PackageWeight) values.PackageWeight = presetPackageWeight(preset, values.quantity);
    if (!mapping.PackageDescription && preset.description) values.PackageDescription = preset.description;
    return { values, weightPreset: mapping.PackageWeight ? undefined : preset };
  });
  // A Shopify order's extra item lines (same order, no address) ship in its first line's parcel (decision 091).
  return joinOrderItems(lines);
};

/**
 * The required columns that would still be empty in some row: not mapped, and not filled by the page (sender,
 * service, SKU presets). Named before the table opens ('Map these required columns: …').
 */
export const missingRequired = (rows: readonly LoadedRow[], mapping: CsvColumnMapping, defaults: MappingDefaults): BulkTemplateColumn[] =>
  REQUIRED_TEMPLATE_COLUMNS.filter((key) => {
    if (mapping[key]) return false;
    if (key === 'ServiceName') return defaults.serviceName === '';
    return rows.length === 0 || rows.some((row) => row.values[key].trim() === '');
  });

/** 'To Name, To ZIP' for the message. */
export const columnNames = (keys: readonly BulkTemplateColumn[]): string => keys.map((key) => COLUMN_BY_KEY.get(key)?.header ?? key).join(', ');
