import type { CustomerReport, CustomerReportTable, ReportFigures, ReportGrouping } from './customer-report.schema';
import { courierName } from '../orders/couriers.schema';
import { reportTableCsv, type ReportColumn } from './report-table';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A period's first day as the tables name it: `09-03-2026` (the spec's day-month-year) or, for a month, `Mar 2026`. */
export const periodName = (period: string, groupBy: ReportGrouping): string => {
  const [year, month, day] = period.split('-');
  return groupBy === 'month' ? `${MONTHS[Number(month) - 1] ?? month} ${year}` : `${day}-${month}-${year}`;
};

const PERIOD_HEADERS: Readonly<Record<ReportGrouping, string>> = { day: 'Day (UTC)', week: 'Week of (Monday, UTC)', month: 'Month (UTC)' };

/** The figures every table of the customer's report shows after its first column, in this order. */
export const REPORT_FIGURE_COLUMNS: ReadonlyArray<ReportColumn<ReportFigures>> = [
  { key: 'labels', header: 'Labels', kind: 'count', value: (f) => f.labels },
  { key: 'chargedCents', header: 'Charged', kind: 'cents', value: (f) => f.chargedCents },
  { key: 'refundedLabels', header: 'Refunded labels', kind: 'count', value: (f) => f.refundedLabels },
  { key: 'refundedCents', header: 'Refunded', kind: 'cents', value: (f) => f.refundedCents },
  { key: 'spentCents', header: 'Spent', kind: 'cents', value: (f) => f.spentCents },
  { key: 'averageCents', header: 'Average per label', kind: 'cents', value: (f) => f.averageCents },
  { key: 'savedCents', header: 'Saved vs retail', kind: 'cents', value: (f) => f.savedCents },
  { key: 'retailKnownLabels', header: 'Labels with a retail rate', kind: 'count', value: (f) => f.retailKnownLabels },
];

export type ReportPeriodRow = CustomerReport['periods'][number];
export type ReportServiceRow = CustomerReport['services'][number];
export type ReportCarrierRow = CustomerReport['carriers'][number];

export const periodColumns = (groupBy: ReportGrouping): ReadonlyArray<ReportColumn<ReportPeriodRow>> => [
  { key: 'period', header: PERIOD_HEADERS[groupBy], kind: 'text', value: (row) => periodName(row.period, groupBy) },
  ...REPORT_FIGURE_COLUMNS,
];
export const SERVICE_COLUMNS: ReadonlyArray<ReportColumn<ReportServiceRow>> = [{ key: 'service', header: 'Service', kind: 'text', value: (row) => row.service }, ...REPORT_FIGURE_COLUMNS];
export const CARRIER_COLUMNS: ReadonlyArray<ReportColumn<ReportCarrierRow>> = [
  { key: 'carrier', header: 'Carrier', kind: 'text', value: (row) => courierName(row.carrier) },
  ...REPORT_FIGURE_COLUMNS,
];

/** The name of every table's last line, the whole range's figures. */
export const REPORT_TOTAL_NAME = 'Total';

/** One of the report's tables as CSV: exactly the columns and rows the Dashboard shows under its chart. */
export const customerReportCsv = (report: CustomerReport, table: CustomerReportTable): string => {
  if (table === 'services') return reportTableCsv(SERVICE_COLUMNS, report.services, { row: { ...report.totals, service: '' }, name: REPORT_TOTAL_NAME });
  if (table === 'carriers') return reportTableCsv(CARRIER_COLUMNS, report.carriers, { row: { ...report.totals, carrier: '' }, name: REPORT_TOTAL_NAME });
  return reportTableCsv(periodColumns(report.groupBy), report.periods, { row: { ...report.totals, period: report.from }, name: REPORT_TOTAL_NAME });
};
