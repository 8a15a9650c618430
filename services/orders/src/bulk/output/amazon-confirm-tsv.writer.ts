/**
 * Amazon's shipping-confirmation flat file (`Auto_Confirm_….tsv`, Seller Central "Upload Order Related Files",
 * feed POST_FLAT_FILE_FULFILLMENT_DATA), after formats.md §3.3: tab-delimited, the header row that public
 * integrations upload, one line per label bought for an Amazon order item.
 */
import { tsvLine } from './safe-cell';

/** formats.md §3.3, in this order. */
export const AMAZON_CONFIRM_COLUMNS = ['order-id', 'order-item-id', 'quantity', 'ship-date', 'carrier-code', 'carrier-name', 'tracking-number', 'ship-method'] as const;

/** Amazon's listed carrier code for USPS; with it `carrier-name` stays empty ("use only if carrier-code is Other"). */
const USPS_CARRIER_CODE = 'USPS';

/** "Alphanumeric text, 3-7-7 format", e.g. 058-3563777-5518068: an id not shaped like this is the seller's own. */
const AMAZON_ORDER_ID = /^[0-9A-Za-z]{3}-[0-9A-Za-z]{7}-[0-9A-Za-z]{7}$/;

/**
 * Sample files (sandbox carrier) must never confirm anything: Amazon shows the tracking number to the buyer and
 * scores the seller's Valid Tracking Rate (formats.md §3.4), and a confirmed order counts as shipped.
 * §3.4 suggests an empty tracking-number as one way out, but that row would still be accepted — the order would be
 * marked shipped, just without tracking — so that is not used. Instead two independent guards:
 *  1. the first line is this notice instead of the header. Amazon expects the header (or, for its own templates,
 *     a `TemplateType=` row) first, so the file should be refused as a whole; that is unverified (formats.md §6.4).
 *  2. so, in case Amazon skips a line it does not understand, every order-id is written as `SAMPLE-<order-id>`,
 *     which fails the required 3-7-7 format: each row comes back as an error and no order is touched.
 * Tracking numbers, dates, quantities and services are left as they are, so the sample shows exactly what a
 * real batch would produce. The file name says SAMPLE too (the caller's job, see fileNames()).
 */
export const SAMPLE_NOTICE_LINE = 'SAMPLE DATA - DO NOT UPLOAD TO AMAZON: sandbox labels are not postage and their tracking numbers do not exist.';
export const SAMPLE_ORDER_ID_PREFIX = 'SAMPLE-';

export interface AmazonConfirmRow {
  status: 'success' | 'failed';
  /** Amazon order-id when the row came from an Amazon order file; anything else is not confirmed. */
  orderId: string | null;
  orderItemId: string | null;
  /** Units in this label's package: a quantity split over several labels gives one line per label. */
  quantity: number;
  /** Digits only or in groups; spaces are removed (formats.md §3.3: the PIC without spaces). */
  trackingNumber: string | null;
  /** Service name, written as ship-method, e.g. `USPS Priority Mail`. */
  service: string;
  /** The date printed on the label. */
  shipDate: Date;
}

export interface AmazonConfirmOptions {
  /** The labels came from the sandbox carrier: see SAMPLE_NOTICE_LINE. */
  sample: boolean;
}

/** Whether a row gives a confirmation line: a bought label with a tracking number for an Amazon order. */
export function isConfirmable(row: AmazonConfirmRow): boolean {
  return row.status === 'success' && trackingDigits(row.trackingNumber) !== '' && AMAZON_ORDER_ID.test((row.orderId ?? '').trim());
}

/**
 * The file as text chunks, pulled from `rows` as the reader asks for them; no byte order mark, which Amazon's parser
 * would take as part of `order-id`.
 */
export async function* amazonConfirmTsvChunks(rows: AsyncIterable<AmazonConfirmRow> | Iterable<AmazonConfirmRow>, options: AmazonConfirmOptions): AsyncGenerator<string> {
  yield `${options.sample ? `${SAMPLE_NOTICE_LINE}\r\n` : ''}${tsvLine(AMAZON_CONFIRM_COLUMNS)}`;
  for await (const row of rows) {
    if (!isConfirmable(row)) continue;
    const orderId = (row.orderId ?? '').trim();
    const orderItemId = (row.orderItemId ?? '').trim();
    yield tsvLine([
      options.sample ? `${SAMPLE_ORDER_ID_PREFIX}${orderId}` : orderId,
      orderItemId,
      // A quantity belongs to an order item; without the item Amazon confirms the whole order and ignores it.
      orderItemId !== '' && Number.isSafeInteger(row.quantity) && row.quantity > 0 ? row.quantity : null,
      formatShipDate(row.shipDate),
      USPS_CARRIER_CODE,
      null,
      trackingDigits(row.trackingNumber),
      row.service,
    ]);
  }
}

/**
 * `yyyy-mm-dd` from the date's local calendar fields: the label renderer prints the ship date the same way, so the
 * file and the label always agree.
 */
export function formatShipDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('ship date is not a valid date');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function trackingDigits(trackingNumber: string | null): string {
  return (trackingNumber ?? '').replace(/\s+/g, '');
}
