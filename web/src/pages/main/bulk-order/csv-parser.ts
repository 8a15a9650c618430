import { BULK_TEMPLATE_COLUMNS, oneLine } from '@labeldesk/contracts';
import type { BulkLimits, BulkTemplateColumn } from '@labeldesk/contracts';
import Papa from 'papaparse';
import { DEFAULT_BULK_LIMITS } from '../../../services/bulk-orders/bulk-limits';
import { BulkFileError, checkRowCount } from './bulk-file';
import { emptyValues } from './bulk-rows';
import type { BulkValues } from './bulk-rows';

const squash = (header: string): string => header.trim().toLowerCase().replace(/[\s_-]+/g, '');

const TEMPLATE_BY_SQUASHED: ReadonlyMap<string, BulkTemplateColumn> = new Map(BULK_TEMPLATE_COLUMNS.map((key) => [squash(key), key]));

const CUSTOMS_COLUMNS: ReadonlySet<BulkTemplateColumn> = new Set(['ContentsType', 'CustomsDescription', 'CustomsHsCode', 'CustomsOrigin', 'CustomsValue', 'DeclaredValue']);

/** Headers are matched loosely (`ToZipPostal`, `to_zip_postal`, `To Zip Postal`), so files edited by hand still work. */
export const templateColumnFor = (header: string): BulkTemplateColumn | null => TEMPLATE_BY_SQUASHED.get(squash(header)) ?? null;

/**
 * Whether a header line is our template's (issue 24): at least three of its columns are template columns, or at
 * least half of them. A hand-made file with a few template columns still reads as before; a marketplace export
 * that happens to have a `Quantity` column goes to the mapping step instead.
 */
export const isTemplateHeader = (header: readonly string[]): boolean => {
  const named = header.filter((name) => name.trim() !== '');
  // The customs columns (decision 116) and the declared value (decision 122) carry the names shipping tools export them
  // under ('Customs Value', 'Declared Value'): they do not make an export the template.
  const matched = new Set(named.map(templateColumnFor).filter((key) => key !== null && !CUSTOMS_COLUMNS.has(key))).size;
  return matched >= 3 || (matched > 0 && matched * 2 >= named.length);
};

/** The header line of a CSV text, as its cells. */
export const csvHeaderLine = (text: string): string[] => {
  const result = Papa.parse<string[]>(text, { header: false, preview: 1, skipEmptyLines: 'greedy' });
  return (result.data[0] ?? []).map((name) => name.replace(/^\uFEFF/, ''));
};

/**
 * Reads a bulk CSV with its header row (spec 5): the template's columns become a row's values, other
 * columns are ignored, missing ones stay empty. Values stay text, each on one line; the row schema reads them.
 */
export const parseBulkCsv = (text: string, limits: BulkLimits = DEFAULT_BULK_LIMITS): BulkValues[] => {
  const result = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => templateColumnFor(header) ?? `__ignored:${header}`,
  });

  // Rows with too few or too many fields are kept (the missing cells are empty); broken quoting is not.
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const line = broken.row === undefined ? '' : ` (row ${broken.row + 1})`;
    throw new BulkFileError('parse', `The CSV could not be read${line}: ${broken.message}.`);
  }

  const fields = (result.meta.fields ?? []).filter((field): field is BulkTemplateColumn => !field.startsWith('__ignored:'));
  if (fields.length === 0) {
    throw new BulkFileError('processing', `The first line must name the columns of the Bulk Template (${BULK_TEMPLATE_COLUMNS.slice(0, 4).join(', ')}, …). Download 'Bulk Template CSV' to start from it.`);
  }

  checkRowCount(result.data.length, limits);
  return result.data.map((raw) => {
    const values = emptyValues();
    // A quoted cell may hold line breaks ("Name⏎c/o Front Desk"): every cell is one line, as the server reads it.
    for (const key of fields) values[key] = oneLine(raw[key] ?? '');
    return values;
  });
};
