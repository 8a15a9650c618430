import { Flex, Heading, SegmentGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ADMIN_CARRIER_COLUMNS, ADMIN_CUSTOMER_COLUMNS, ADMIN_DAY_COLUMNS, REPORT_TOTAL_NAME, type AdminReport } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { ReportChart, type ReportSeries } from '../../../components/report-chart';
import { ADMIN_REPORT_SPANS, useAdminReport, type AdminReportSpan } from '../../../services/admin/admin-report';
import { reportNote } from './admin-report-note';
import { LoadError } from './load-error';

const SPAN_NAMES: Readonly<Record<AdminReportSpan, string>> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '1 year' };
const isSpan = (value: string | null): value is `${AdminReportSpan}` => ADMIN_REPORT_SPANS.some((days) => String(days) === value);

/** Revenue and carrier cost as bars side by side, the margin as a line over them. */
const MONEY_SERIES: readonly ReportSeries[] = [
  { key: 'revenueCents', color: 'brand.solid', shape: 'bar' },
  { key: 'costCents', color: 'orange.solid', shape: 'bar' },
  { key: 'marginCents', color: 'green.solid', shape: 'line' },
];

/** Which span the reports cover: a radio group (arrow keys move), named for screen readers. */
const SpanSwitch = ({ value, onChange }: { value: AdminReportSpan; onChange: (days: AdminReportSpan) => void }): ReactElement => (
  <SegmentGroup.Root size="sm" value={String(value)} aria-label="Report span" onValueChange={(details) => isSpan(details.value) && onChange(Number(details.value) as AdminReportSpan)}>
    <SegmentGroup.Indicator />
    <SegmentGroup.Items items={ADMIN_REPORT_SPANS.map((days) => ({ value: String(days), label: SPAN_NAMES[days] }))} />
  </SegmentGroup.Root>
);

/** The three reports of a span: by day, by carrier, the top customers; each a chart, its table and its CSV. */
const ReportCharts = ({ report }: { report: AdminReport }): ReactElement => {
  const span = `${report.from}_${report.to}`;
  const empty = report.totals.labels === 0 && report.totals.givenBack.labels === 0 ? 'No labels were bought in these days.' : null;
  return (
    <>
      <ReportChart
        title="By day"
        description="Per UTC day of purchase"
        columns={ADMIN_DAY_COLUMNS}
        rows={report.byDay}
        series={MONEY_SERIES}
        total={{ row: { ...report.totals, day: report.from }, name: REPORT_TOTAL_NAME }}
        fileName={`Admin_report_days_${span}`}
        empty={empty}
      />
      <ReportChart
        title="By carrier"
        description="Courier via label carrier"
        columns={ADMIN_CARRIER_COLUMNS}
        rows={report.byCarrier}
        series={MONEY_SERIES}
        total={{ row: { ...report.totals, carrier: '', courier: '' }, name: REPORT_TOTAL_NAME }}
        fileName={`Admin_report_carriers_${span}`}
        empty={empty}
      />
      <ReportChart
        title="Top customers"
        description="Who paid the most"
        columns={ADMIN_CUSTOMER_COLUMNS}
        rows={report.topCustomers}
        series={MONEY_SERIES}
        fileName={`Admin_report_customers_${span}`}
        empty={report.topCustomers.length === 0 ? 'No customer kept a label in these days.' : null}
      />
    </>
  );
};

/** Issue 49, "Reports with pictures" (admin half): revenue, carrier cost and margin over a span the admin picks. */
export const AdminReports = (): ReactElement => {
  const [days, setDays] = useState<AdminReportSpan>(30);
  const report = useAdminReport(days);
  return (
    <Stack gap="4" as="section" aria-labelledby="admin-reports-heading">
      <Flex gap="3" wrap="wrap" justify="space-between" align="end">
        <Stack gap="0.5" minW="0" flex="1">
          <Heading as="h2" size="lg" id="admin-reports-heading">
            Revenue, carrier cost and margin
          </Heading>
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {report.data ? reportNote(report.data) : 'Reading the labels bought in these days…'}
          </Text>
        </Stack>
        <SpanSwitch value={days} onChange={setDays} />
      </Flex>
      {report.isError ? (
        <LoadError title="Failed to load the reports" onRetry={() => void report.refetch()} />
      ) : report.data ? (
        <ReportCharts report={report.data} />
      ) : (
        <Skeleton height="80" />
      )}
    </Stack>
  );
};
