import { SKU_LIMITS } from '@labeldesk/contracts';
import Papa from 'papaparse';
import type { SkuRowInput } from '../../../services/skus/add-skus';

/** The columns of an SKU file, in the template's order. */
export const SKU_CSV_HEADERS = ['sku', 'maxQty', 'weight', 'length', 'width', 'height', 'description'] as const;

export const skuCsvTemplate = (): string => `${SKU_CSV_HEADERS.join(',')}\n`;

/** Headers are matched loosely (`Max Qty`, `max_qty`, `MAXQTY` are all maxQty), so hand-made files work. */
const canonicalHeader = (header: string): string => {
  const squashed = header.trim().toLowerCase().replace(/[\s_-]+/g, '');
  return SKU_CSV_HEADERS.find((name) => name.toLowerCase() === squashed) ?? header.trim();
};

export class SkuCsvError extends Error {}

/**
 * Reads an SKU file with its header row, skipping empty lines (spec 5), and keeps the known columns.
 * Values stay text: the server's skuFormSchema turns them into numbers and names every bad row.
 */
export const parseSkuCsv = (file: File): Promise<SkuRowInput[]> =>
  new Promise((resolve, reject) => {
    Papa.parse<Record<string, string | undefined>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: canonicalHeader,
      complete: (results) => {
        const fields = results.meta.fields ?? [];
        if (!fields.includes('sku')) {
          reject(new SkuCsvError(`The first line must name the columns: ${SKU_CSV_HEADERS.join(',')}`));
          return;
        }
        const rows = results.data.map((raw) => Object.fromEntries(SKU_CSV_HEADERS.map((key) => [key, raw[key]?.trim() ?? ''])));
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
