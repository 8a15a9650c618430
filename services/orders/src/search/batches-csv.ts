import { csvLine, formatPriceUsd } from '../bulk';
import type { FoundBatchRow } from './batch-search.repository';
import { csvDateTime } from './orders-csv';

/** The Batch Orders export's columns, as the page shows a batch (dates in UTC, money in dollars). */
export const BATCHES_CSV_COLUMNS = ['Date (UTC)', 'Batch ID', 'Status', 'Rows', 'Labels bought', 'Failed', 'Charged (USD)', 'Labels file', 'Results file'] as const;

/** The export's lines for some found batches, spreadsheet-safe; the header first (after a byte order mark) when `withHeader`. */
export const batchesCsv = (rows: readonly FoundBatchRow[], withHeader: boolean): string => {
  const lines = rows.map((row) =>
    csvLine([
      csvDateTime(new Date(row.created_at)),
      row.id,
      row.status,
      row.total_count,
      row.processed_count,
      row.failed_count,
      formatPriceUsd(Number(row.charged_cents)),
      row.pdf_name,
      row.result_csv_name,
    ]),
  );
  return `${withHeader ? `\uFEFF${csvLine(BATCHES_CSV_COLUMNS)}` : ''}${lines.join('')}`;
};
