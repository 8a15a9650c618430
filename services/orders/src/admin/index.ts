/** The admin's order views: the module is all app.module needs; the reports above sum labels as the dashboard does. */
export { AdminModule } from './admin.module';
export { REPORT_SUMS, reportLabelsParams, reportLabelsSql } from './label-report.sql';
