import { UNRECORDED_LABEL_CARRIER, type AdminReport, type AdminReportFigures, type AdminReportTable } from './admin-report.schema';
import { courierName } from '../orders/couriers.schema';
import { LABEL_CARRIER_NAMES } from '../orders/label-carrier.schema';
import { periodName, REPORT_TOTAL_NAME } from './customer-report-table';
import { reportTableCsv, type ReportColumn } from './report-table';

/** Revenue, carrier cost and margin: the figures every table of the admin's reports shows first, in this order. */
const MONEY_COLUMNS: ReadonlyArray<ReportColumn<AdminReportFigures>> = [
  { key: 'labels', header: 'Labels', kind: 'count', value: (f) => f.labels },
  { key: 'revenueCents', header: 'Revenue', kind: 'cents', value: (f) => f.revenueCents },
  { key: 'costCents', header: 'Carrier cost', kind: 'cents', value: (f) => f.costCents },
  { key: 'marginCents', header: 'Margin', kind: 'cents', value: (f) => f.marginCents },
];

/**
 * The day and carrier tables add the labels left out of the margin (no recorded cost) and the money given back for
 * voided or refunded labels; the page's note says what those labels were charged. Few enough columns that the table
 * stays a table on a laptop.
 */
export const ADMIN_REPORT_FIGURE_COLUMNS: ReadonlyArray<ReportColumn<AdminReportFigures>> = [
  ...MONEY_COLUMNS,
  { key: 'withoutCostLabels', header: 'Labels without cost', kind: 'count', value: (f) => f.withoutCost.labels },
  { key: 'givenBackCents', header: 'Given back', kind: 'cents', value: (f) => f.givenBack.cents },
];

export type AdminReportDayRow = AdminReport['byDay'][number];
export type AdminReportCarrierRow = AdminReport['byCarrier'][number];
export type AdminReportCustomerRow = AdminReport['topCustomers'][number];

const labelCarrierName = (id: string): string =>
  id === UNRECORDED_LABEL_CARRIER ? 'a carrier not recorded' : ((LABEL_CARRIER_NAMES as Readonly<Record<string, string>>)[id] ?? id);

/** `UPS via EasyPost`: the courier carrying the labels and the label carrier that sold them. */
export const adminCarrierName = (row: { carrier: string; courier: string }): string => `${courierName(row.courier)} via ${labelCarrierName(row.carrier)}`;

export const ADMIN_DAY_COLUMNS: ReadonlyArray<ReportColumn<AdminReportDayRow>> = [
  { key: 'day', header: 'Day (UTC)', kind: 'text', value: (row) => periodName(row.day, 'day') },
  ...ADMIN_REPORT_FIGURE_COLUMNS,
];
export const ADMIN_CARRIER_COLUMNS: ReadonlyArray<ReportColumn<AdminReportCarrierRow>> = [
  { key: 'carrier', header: 'Carrier', kind: 'text', value: adminCarrierName },
  ...ADMIN_REPORT_FIGURE_COLUMNS,
];
export const ADMIN_CUSTOMER_COLUMNS: ReadonlyArray<ReportColumn<AdminReportCustomerRow>> = [
  { key: 'customer', header: 'Customer', kind: 'text', value: (row) => row.name ?? 'Deleted account' },
  { key: 'email', header: 'Email', kind: 'text', value: (row) => row.email ?? '' },
  ...MONEY_COLUMNS,
];

/**
 * One of the admin report's tables as CSV: exactly the columns and rows the admin dashboard shows. Days and carriers
 * end with the span's totals; the top customers do not (they are not every customer).
 */
export const adminReportCsv = (report: AdminReport, table: AdminReportTable): string => {
  if (table === 'customers') return reportTableCsv(ADMIN_CUSTOMER_COLUMNS, report.topCustomers);
  if (table === 'carriers') return reportTableCsv(ADMIN_CARRIER_COLUMNS, report.byCarrier, { row: { ...report.totals, carrier: '', courier: '' }, name: REPORT_TOTAL_NAME });
  return reportTableCsv(ADMIN_DAY_COLUMNS, report.byDay, { row: { ...report.totals, day: report.from }, name: REPORT_TOTAL_NAME });
};
