import { courierName, LABEL_CARRIER_NAMES, type AdminReport, type AdminReportFigures, type AdminReportTable } from '@labeldesk/contracts';

/** Cents as a plain dollar number (`-12.05`), which a spreadsheet sums. */
const dollars = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * One CSV field (RFC 4180), safe to open in a spreadsheet: a customer's name is theirs to choose, so text starting with
 * = + - @ | (or a tab or line break) gets a leading apostrophe, as every export of ours does (money_security.md §3.5).
 */
const cell = (value: string): string => {
  const text = /^(?:[\t\r\n\0]|\s*[=+\-@|\uff1d\uff0b\uff0d\uff20\uff5c])/.test(value) && !/^-?\d+(?:\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const FIGURE_COLUMNS = ['Labels', 'Revenue (USD)', 'Carrier cost (USD)', 'Margin (USD)', 'Labels without cost', 'Revenue without cost (USD)', 'Labels given back', 'Given back (USD)'];
const figureCells = (f: AdminReportFigures): string[] => [
  String(f.labels),
  dollars(f.revenueCents),
  dollars(f.costCents),
  dollars(f.marginCents),
  String(f.withoutCost.labels),
  dollars(f.withoutCost.revenueCents),
  String(f.givenBack.labels),
  dollars(f.givenBack.cents),
];

const carrierName = (id: string): string => (LABEL_CARRIER_NAMES as Readonly<Record<string, string>>)[id] ?? id;

/** One table of an admin report as CSV, its header first after a byte order mark (Excel then reads names as UTF-8). */
export const adminReportCsv = (report: AdminReport, table: AdminReportTable): string => {
  const rows: string[][] =
    table === 'days'
      ? [['Day (UTC)', ...FIGURE_COLUMNS], ...report.byDay.map((row) => [row.day, ...figureCells(row)])]
      : table === 'carriers'
        ? [['Carrier', 'Courier', ...FIGURE_COLUMNS], ...report.byCarrier.map((row) => [carrierName(row.carrier), courierName(row.courier), ...figureCells(row)])]
        : [['Customer', 'Email', ...FIGURE_COLUMNS], ...report.topCustomers.map((row) => [row.name ?? 'Deleted account', row.email ?? '', ...figureCells(row)])];
  return `\uFEFF${rows.map((cells) => `${cells.map(cell).join(',')}\r\n`).join('')}`;
};
