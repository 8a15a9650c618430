/** A report's chart, its table and its CSV (decision 092): the customer's Dashboard and the admin's reports use it. */
export { ReportChart, type ReportChartProps, type ReportSeries } from './report-chart';
export { ReportTableView, shownCell } from './report-table-view';
export { PeriodSwitch } from './period-switch';
