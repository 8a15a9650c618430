import { courierName } from '@labeldesk/contracts';
import { csvLine, formatPriceUsd } from '../bulk';
import { rowToOrderListItem } from '../orders';
import type { FoundOrderRow } from './order-search.repository';

/** The Orders export's columns, as the page shows an order (dates in UTC, prices in dollars). */
export const ORDERS_CSV_COLUMNS = [
  'Date (UTC)',
  'Order ID',
  'Receiver',
  'City',
  'State',
  'ZIP',
  'Service',
  'Carrier',
  'Tracking number',
  'Reference 1',
  'Reference 2',
  'Price (USD)',
  'Status',
  'Label state',
] as const;

/** `2025-06-01 14:03` in UTC: what a spreadsheet reads as a date and time in every locale. */
export const csvDateTime = (at: Date): string => at.toISOString().slice(0, 16).replace('T', ' ');

/**
 * The export's lines for some found orders, each cell safe to open in a spreadsheet (a receiver's name or a reference
 * starting with = + - @ gets a leading apostrophe); the header first when `withHeader`, after a byte order mark so
 * Excel reads the names as UTF-8.
 */
export const ordersCsv = (rows: readonly FoundOrderRow[], withHeader: boolean): string => {
  const lines = rows.map((row) => {
    const item = rowToOrderListItem(row);
    return csvLine([
      csvDateTime(row.created_at),
      row.id,
      row.receiver_name,
      row.receiver_city,
      row.receiver_state,
      row.receiver_zip,
      row.service_name,
      courierName(row.courier),
      row.tracking_number,
      row.reference1,
      row.reference2,
      // As the page shows it: the status and the label state say whether it came back to the balance.
      formatPriceUsd(item.price),
      row.status,
      item.label_state,
    ]);
  });
  return `${withHeader ? `\uFEFF${csvLine(ORDERS_CSV_COLUMNS)}` : ''}${lines.join('')}`;
};
