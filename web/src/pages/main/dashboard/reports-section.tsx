import { Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  CARRIER_COLUMNS,
  periodColumns,
  periodName,
  REPORT_TOTAL_NAME,
  SERVICE_COLUMNS,
  type CustomerReport,
  type ReportColumn,
  type ReportGrouping,
} from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { PeriodSwitch, ReportChart } from '../../../components/report-chart';
import { FormAlert } from '../../../components/ui/form-alert';
import { TagIcon } from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { TableEmpty } from '../../../components/ui/table-states';
import { formatCents } from '../../../libs/format';
import { useCustomerReport } from '../../../services/orders/customer-report';
import { reportRangeOf } from './report-range';

/** The columns named, in that order: each chart's table shows only what it draws and what explains it. */
const only = <Row,>(columns: ReadonlyArray<ReportColumn<Row>>, keys: readonly string[]): Array<ReportColumn<Row>> =>
  keys.flatMap((key) => columns.filter((column) => column.key === key));

const SPENDING = ['period', 'labels', 'chargedCents', 'refundedCents', 'spentCents'];
const REFUNDS_AND_SAVINGS = ['period', 'refundedLabels', 'refundedCents', 'averageCents', 'savedCents', 'retailKnownLabels'];
const BY_NAME = ['labels', 'spentCents', 'refundedLabels', 'averageCents', 'savedCents', 'retailKnownLabels'];

const RANGE_NAMES: Readonly<Record<ReportGrouping, string>> = { day: 'The last 30 days', week: 'The last 12 weeks', month: 'The last 12 months' };

const Totals = ({ report }: { report: CustomerReport }): ReactElement => {
  const { totals } = report;
  const kept = totals.labels - totals.refundedLabels;
  return (
    <SimpleGrid columns={{ base: 2, lg: 5 }} gap={{ base: '3', md: '4' }} as="section" aria-label="Totals for these days">
      <StatCard label="Spent" value={formatCents(totals.spentCents)} hint={`${formatCents(totals.chargedCents)} charged, refunds taken off`} />
      <StatCard label="Labels bought" value={totals.labels.toLocaleString('en-US')} hint={`${kept.toLocaleString('en-US')} kept`} />
      <StatCard label="Refunds" value={formatCents(totals.refundedCents)} hint={`${totals.refundedLabels.toLocaleString('en-US')} ${totals.refundedLabels === 1 ? 'label' : 'labels'} voided or refunded`} />
      <StatCard label="Average per label" value={totals.averageCents === null ? '--' : formatCents(totals.averageCents)} hint="Over the labels kept" />
      <StatCard
        label="Saved vs retail"
        value={formatCents(totals.savedCents)}
        hint={`Over ${totals.retailKnownLabels.toLocaleString('en-US')} of ${kept.toLocaleString('en-US')} kept labels with a retail rate`}
      />
    </SimpleGrid>
  );
};

const Charts = ({ report }: { report: CustomerReport }): ReactElement => {
  const periods = periodColumns(report.groupBy);
  const periodTotal = { row: { ...report.totals, period: report.from }, name: REPORT_TOTAL_NAME };
  const days = `${report.from}_${report.to}`;
  return (
    <Stack gap="4">
      <ReportChart
        title="Spending and labels"
        description={`Labels bought (bars) and spent after refunds (line), by ${report.groupBy}, UTC.`}
        columns={only(periods, SPENDING)}
        rows={report.periods}
        series={[
          { key: 'labels', color: 'brand.solid', shape: 'bar' },
          { key: 'spentCents', color: 'green.solid', shape: 'line' },
        ]}
        total={periodTotal}
        fileName={`Spending_by_${report.groupBy}_${days}`}
      />
      <ReportChart
        title="Refunds, average label and savings"
        description={`Money back from voided labels (bars), the average kept label and the saving against retail (lines), by ${report.groupBy}.`}
        columns={only(periods, REFUNDS_AND_SAVINGS)}
        rows={report.periods}
        series={[
          { key: 'refundedCents', color: 'orange.solid', shape: 'bar' },
          { key: 'averageCents', color: 'brand.solid', shape: 'line' },
          { key: 'savedCents', color: 'green.solid', shape: 'line' },
        ]}
        total={periodTotal}
        fileName={`Refunds_and_savings_by_${report.groupBy}_${days}`}
      />
      <SimpleGrid columns={{ base: 1, '2xl': 2 }} gap="4">
        <ReportChart
          title="By service"
          description="What each shipping service cost you after refunds."
          columns={[SERVICE_COLUMNS[0]!, ...only(SERVICE_COLUMNS, BY_NAME)]}
          rows={report.services}
          series={[{ key: 'spentCents', color: 'brand.solid', shape: 'bar' }]}
          total={{ row: { ...report.totals, service: '' }, name: REPORT_TOTAL_NAME }}
          fileName={`Spending_by_service_${days}`}
          />
        <ReportChart
          title="By carrier"
          description="What each carrier's labels cost you after refunds."
          columns={[CARRIER_COLUMNS[0]!, ...only(CARRIER_COLUMNS, BY_NAME)]}
          rows={report.carriers}
          series={[{ key: 'spentCents', color: 'brand.solid', shape: 'bar' }]}
          total={{ row: { ...report.totals, carrier: '' }, name: REPORT_TOTAL_NAME }}
          fileName={`Spending_by_carrier_${days}`}
          />
      </SimpleGrid>
    </Stack>
  );
};

/**
 * The Dashboard's reports (issue 49, decision 092): the totals of the days shown, then spending, refunds and savings
 * over time (Day / Week / Month), and by service and carrier; every chart with its table and a CSV of it.
 */
export const ReportsSection = ({ userId }: { userId: string }): ReactElement => {
  const [groupBy, setGroupBy] = useState<ReportGrouping>('day');
  const report = useCustomerReport(userId, reportRangeOf(groupBy));
  return (
    <Stack gap="4" as="section" aria-labelledby="reports-heading">
      <Flex gap="2" wrap="wrap" justify="space-between" align="center">
        <Heading as="h2" size="lg" id="reports-heading">
          Reports
        </Heading>
        <Flex gap="3" wrap="wrap" align="center">
          <Text color="fg.muted" fontSize="sm">
            {report.data ? `${RANGE_NAMES[report.data.groupBy]}: ${periodName(report.data.from, 'day')} to ${periodName(report.data.to, 'day')} (UTC)` : RANGE_NAMES[groupBy]}
          </Text>
          <PeriodSwitch value={groupBy} onChange={setGroupBy} />
        </Flex>
      </Flex>
      {report.isError && <FormAlert message="The reports could not be loaded. Press Refresh to try again." />}
      {report.isPending && (
        <Stack gap="4" aria-busy="true" aria-label="Loading reports">
          <Skeleton height="24" />
          <Skeleton height="80" />
        </Stack>
      )}
      {report.data?.totals.labels === 0 && (
        <TableEmpty
          icon={<TagIcon />}
          title="No labels bought in these days"
          description="Labels you buy on Order Label or Bulk Order are drawn here: spending, refunds and savings by day, week or month, by service and by carrier."
        />
      )}
      {report.data && report.data.totals.labels > 0 && (
        <>
          <Totals report={report.data} />
          <Charts report={report.data} />
        </>
      )}
    </Stack>
  );
};
