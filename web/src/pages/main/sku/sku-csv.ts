import { oneLine, SKU_LIMITS } from '@labeldesk/contracts';
import Papa from 'papaparse';
import type { SkuRowInput } from '../../../services/skus/add-skus';
import { dollarsAsCentsText } from './sku-entry';

/** The fields of an SKU row, in the template's order (the keys the server reads). */
export const SKU_CSV_FIELDS = ['sku', 'maxQty', 'weight', 'packagingWeight', 'length', 'width', 'height', 'description', 'hsTariffNumber', 'originCountry', 'value', 'declaredValue'] as const;
type SkuCsvField = (typeof SKU_CSV_FIELDS)[number];

/** The template's header line: the names the SKU page shows, so the file says what each weight means. */
export const SKU_CSV_HEADERS: Readonly<Record<SkuCsvField, string>> = {
  sku: 'SKU',
  maxQty: 'Max Qty',
  weight: 'Weight per unit (lb)',
  packagingWeight: 'Packaging weight (lb)',
  length: 'Length (in)',
  width: 'Width (in)',
  height: 'Height (in)',
  description: 'Description',
  hsTariffNumber: 'HS code',
  originCountry: 'Origin country',
  value: 'Customs value ($)',
  declaredValue: 'Declared value ($)',
};

const squash = (header: string): string => header.trim().toLowerCase().replace(/[\s_\-()]+/g, '');

/**
 * Every header a file may use for a field, squashed. Files made from the older template (`weight`) keep their
 * meaning: that weight was always read as one unit's.
 */
const HEADER_ALIASES: ReadonlyMap<string, SkuCsvField> = new Map(
  SKU_CSV_FIELDS.flatMap((field): Array<[string, SkuCsvField]> => [
    [squash(field), field],
    [squash(SKU_CSV_HEADERS[field]), field],
  ]).concat([
    [squash('Weight (lb)'), 'weight'],
    [squash('Weight per unit'), 'weight'],
    [squash('Unit weight'), 'weight'],
    [squash('Packaging weight'), 'packagingWeight'],
    [squash('Packaging'), 'packagingWeight'],
    [squash('Max Quantity'), 'maxQty'],
    // Customs defaults (decision 100) under the names sellers' product exports use: Shopify's `Variant HS Code` and
    // `Variant Country of Origin`, and the plain words.
    [squash('HS tariff number'), 'hsTariffNumber'],
    [squash('HS code'), 'hsTariffNumber'],
    [squash('Harmonized code'), 'hsTariffNumber'],
    [squash('Variant HS Code'), 'hsTariffNumber'],
    [squash('Country of origin'), 'originCountry'],
    [squash('Variant Country of Origin'), 'originCountry'],
    [squash('Origin'), 'originCountry'],
    [squash('Customs value'), 'value'],
    [squash('Value'), 'value'],
    // The declared value to insure (decision 122) under the names shipping tools give it.
    [squash('Insured value'), 'declaredValue'],
    [squash('Insurance value'), 'declaredValue'],
    [squash('Insurance'), 'declaredValue'],
  ]),
);

export const skuCsvTemplate = (): string => `${SKU_CSV_FIELDS.map((field) => SKU_CSV_HEADERS[field]).join(',')}\n`;

/** Headers are matched loosely (`Max Qty`, `max_qty`, `MAXQTY` are all maxQty), so hand-made files work. */
export const canonicalSkuHeader = (header: string): string => HEADER_ALIASES.get(squash(header)) ?? header.trim();

export class SkuCsvError extends Error {}

/** A line's known columns as the API's SKU row: the value, written in dollars, goes as `valueCents`. */
const toSkuRow = (raw: Record<string, string | undefined>): SkuRowInput => {
  const { value, declaredValue, ...rest } = Object.fromEntries(SKU_CSV_FIELDS.map((key) => [key, oneLine(raw[key] ?? '')]));
  return { ...rest, valueCents: dollarsAsCentsText(value ?? ''), declaredValueCents: dollarsAsCentsText(declaredValue ?? '') };
};

/**
 * Reads an SKU file with its header row, skipping empty lines (spec 5), and keeps the known columns.
 * Values stay text: the server's skuFormSchema turns them into numbers and names every bad row.
 */
export const parseSkuCsv = (file: File): Promise<SkuRowInput[]> =>
  new Promise((resolve, reject) => {
    Papa.parse<Record<string, string | undefined>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: canonicalSkuHeader,
      complete: (results) => {
        const fields = results.meta.fields ?? [];
        if (!fields.includes('sku')) {
          reject(new SkuCsvError(`The first line must name the columns: ${skuCsvTemplate().trim()}`));
          return;
        }
        const rows = results.data.map(toSkuRow);
        if (rows.length === 0) {
          reject(new SkuCsvError('The file has no SKU rows under its header line.'));
          return;
        }
        if (rows.length > SKU_LIMITS.maxRows) {
          reject(new SkuCsvError(`At most ${SKU_LIMITS.maxRows} rows per upload; this file has ${rows.length}.`));
          return;
        }
        resolve(rows);
      },
      error: (error) => reject(new SkuCsvError(error.message)),
    });
  });
