/**
 * The batch's result CSV (`Order_Results_….csv`): one row per submitted row, in input order, saying whether its
 * label was bought, with the tracking number and price, or why not.
 */
import { csvLine } from './safe-cell';

export interface ResultCsvRow {
  /** 1-based row of the submitted orderData. */
  row: number;
  orderId: string | null;
  orderItemId: string | null;
  skuNumber: string | null;
  recipient: string;
  /** Service name as the customer chose it, e.g. `USPS Priority Mail`. */
  service: string;
  status: 'success' | 'failed';
  trackingNumber: string | null;
  /** What the label cost, integer cents; null when nothing was charged. */
  priceCents: number | null;
  error: string | null;
}

export const RESULT_CSV_COLUMNS = ['row', 'orderId', 'orderItemId', 'skuNumber', 'recipient', 'service', 'status', 'trackingNumber', 'priceUsd', 'error'] as const;

export interface ResultCsvOptions {
  /**
   * Start with a UTF-8 byte order mark (default true). Excel opens a CSV without one in the legacy code page, so
   * `José` would show as `JosÃ©`; papaparse and csv-parse both skip it.
   */
  bom?: boolean;
}

/** `12.34` from 1234 cents: integer division and remainder only, so no binary-fraction rounding can creep in. */
export function formatPriceUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`price must be a whole number of cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The file as text chunks, one per record, pulled from `rows` as the reader asks for them. */
export async function* resultCsvChunks(rows: AsyncIterable<ResultCsvRow> | Iterable<ResultCsvRow>, options: ResultCsvOptions = {}): AsyncGenerator<string> {
  yield `${options.bom === false ? '' : '\uFEFF'}${csvLine(RESULT_CSV_COLUMNS)}`;
  for await (const row of rows) {
    yield csvLine([
      row.row,
      row.orderId,
      row.orderItemId,
      row.skuNumber,
      row.recipient,
      row.service,
      row.status,
      row.trackingNumber,
      row.priceCents === null ? null : formatPriceUsd(row.priceCents),
      row.error,
    ]);
  }
}
