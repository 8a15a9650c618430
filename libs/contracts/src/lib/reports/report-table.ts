/**
 * A report's table as columns over rows, written once for the page (the table under each chart, its "Download CSV")
 * and for the API's CSV routes, so a downloaded file holds exactly the columns and rows the page shows (decision 092).
 */

/** What a column holds: text, a whole count, or integer cents (shown as `$1,234.56`, written to CSV as `1234.56`). */
export type ReportCellKind = 'text' | 'count' | 'cents';

export interface ReportColumn<Row> {
  /** The column's stable name (chart series key, test hook). */
  key: string;
  /** The column's heading, in the table and the CSV alike. */
  header: string;
  kind: ReportCellKind;
  /** Null: nothing to show (an average over no labels). */
  value: (row: Row) => string | number | null;
}

/** Cents as a plain decimal a spreadsheet sums (`-120` → `-1.20`), by integer arithmetic only. */
export const centsToDecimal = (cents: number): string => {
  const whole = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

/**
 * A text cell a spreadsheet will not run: one starting with `=`, `+`, `-`, `@`, `|`, a tab or a line break (after
 * blanks) gets a leading `'` (OWASP "CSV Injection"; the rule services/orders' exports follow, safe-cell.ts). Names of
 * services and customers come from people, so every text cell is checked; numbers are written by us and left alone.
 */
const RUNS_AS_FORMULA = /^(?:[\t\r\n\0]|\s*[=+\-@|\uff1d\uff0b\uff0d\uff20\uff5c])/;
const QUOTED = /[",;\t\r\n]/;

const csvCell = (kind: ReportCellKind, value: string | number | null): string => {
  if (value === null) return '';
  if (kind === 'cents' && typeof value === 'number') return centsToDecimal(value);
  if (typeof value === 'number') return String(value);
  const text = RUNS_AS_FORMULA.test(value) ? `'${value}` : value;
  return QUOTED.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The CSV heading of a column: money says its currency. */
export const csvHeader = (column: Pick<ReportColumn<unknown>, 'header' | 'kind'>): string => (column.kind === 'cents' ? `${column.header} (USD)` : column.header);

/** The table as CSV (RFC 4180, CRLF lines), its heading first and its total last, every cell safe in a spreadsheet. */
export const reportTableCsv = <Row>(columns: ReadonlyArray<ReportColumn<Row>>, rows: readonly Row[], total?: { row: Row; name: string }): string => {
  const line = (row: Row, name?: string): string[] => columns.map((column, i) => (i === 0 && name !== undefined ? csvCell('text', name) : csvCell(column.kind, column.value(row))));
  const lines = [columns.map((column) => csvCell('text', csvHeader(column))), ...rows.map((row) => line(row)), ...(total ? [line(total.row, total.name)] : [])];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
};
