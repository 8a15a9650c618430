import { Chart, useChart } from '@chakra-ui/charts';
import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { reportTableCsv, type ReportColumn } from '@labeldesk/contracts';
import type { ReactElement, ReactNode } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { saveBlob } from '../../libs/download-file';
import { DownloadIcon } from '../ui/icons';
import { ReportTableView } from './report-table-view';

/** One drawn figure: a column of the table, as bars or a line, in a theme colour (`brand.solid`, `green.solid`…). */
export interface ReportSeries {
  key: string;
  color: string;
  shape: 'bar' | 'line';
}

export interface ReportChartProps<Row> {
  /** The card's heading, and the table's caption with `description`. */
  title: string;
  description: string;
  /** The table's columns: the first names each row (the chart's x axis), the rest are figures. */
  columns: ReadonlyArray<ReportColumn<Row>>;
  rows: readonly Row[];
  /** Which columns are drawn. Counts and money on one chart get an axis each (counts left, money right). */
  series: readonly ReportSeries[];
  /** The whole range's figures, the table's (and the CSV's) last line. */
  total?: { row: Row; name: string };
  /** What the CSV is saved as (`.csv` added). */
  fileName: string;
  /** Said instead of a chart when there is nothing to draw; the table stays. */
  empty?: string | null;
  /** Controls beside the download (a period switch). */
  actions?: ReactNode;
}

type Point = Record<string, string | number | null>;

/** Recharts draws numbers: money in dollars (the axis says `$`), nothing as a gap. */
const chartValue = <Row,>(column: ReportColumn<Row>, row: Row): number | null => {
  const value = column.value(row);
  if (typeof value !== 'number') return null;
  return column.kind === 'cents' ? value / 100 : value;
};

/**
 * A report's chart with its table and a "Download CSV" of exactly that table (decision 092). The chart is a picture
 * of the table: it is named for screen readers as such, every series has a name in the legend and a shape of its own
 * (bars or a line), and the table under it carries every number, so nothing is said by colour alone.
 */
export const ReportChart = <Row,>({ title, description, columns, rows, series, total, fileName, empty, actions }: ReportChartProps<Row>): ReactElement => {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const drawn = series.flatMap((one) => {
    const column = byKey.get(one.key);
    return column && column.kind !== 'text' ? [{ ...one, column }] : [];
  });
  const category = columns[0];
  const data: Point[] = rows.map((row) => ({
    name: category ? String(category.value(row) ?? '') : '',
    ...Object.fromEntries(drawn.map(({ key, column }) => [key, chartValue(column, row)])),
  }));
  const chart = useChart<Point>({ data, series: drawn.map(({ key, color, column }) => ({ name: key, color, label: column.header })) });
  const mixed = new Set(drawn.map(({ column }) => column.kind)).size > 1;
  const axisOf = (kind: ReportColumn<Row>['kind']): string => (mixed && kind === 'cents' ? 'money' : 'main');
  const dollars = chart.formatNumber({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const onlyMoney = drawn.every(({ column }) => column.kind === 'cents');
  // The tooltip says each figure as the table does: money in dollars and cents, counts as counts.
  const kindOf = new Map(drawn.map(({ key, column }) => [key, column.kind]));
  const exactDollars = chart.formatNumber({ style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const tooltipValue = (value: unknown, name: unknown): string =>
    typeof value !== 'number' ? String(value ?? '') : kindOf.get(String(name)) === 'cents' ? exactDollars(value) : value.toLocaleString('en-US');
  const download = () => saveBlob(new Blob([reportTableCsv(columns, rows, total)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);

  return (
    <Card.Root variant="outline" size="sm" as="section" aria-label={title}>
      <Card.Header>
        <Flex gap="3" wrap="wrap" justify="space-between" align="center">
          <Stack gap="0.5" minW="0">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          </Stack>
          <Flex gap="2" wrap="wrap" align="center">
            {actions}
            <Button size="sm" variant="outline" onClick={download} disabled={rows.length === 0}>
              <DownloadIcon />
              Download CSV
            </Button>
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {empty ? (
            <Text color="fg.muted" py="6" textAlign="center">
              {empty}
            </Text>
          ) : (
            <Chart.Root h="64" chart={chart} role="img" aria-label={`${title}: a chart of the table below`}>
              <ComposedChart responsive data={chart.data} margin={{ left: 0, right: 0, top: 8, bottom: 0 }}>
                <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
                <XAxis dataKey="name" tickLine={false} axisLine={false} minTickGap={12} stroke={chart.color('fg.muted')} />
                <YAxis yAxisId="main" allowDecimals={onlyMoney} tickFormatter={onlyMoney ? dollars : undefined} tickLine={false} axisLine={false} width={onlyMoney ? 56 : 40} stroke={chart.color('fg.muted')} />
                {mixed && <YAxis yAxisId="money" orientation="right" tickFormatter={dollars} tickLine={false} axisLine={false} width={56} stroke={chart.color('fg.muted')} />}
                <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip formatter={tooltipValue} />} />
                <Legend content={<Chart.Legend />} />
                {drawn.map(({ key, color, shape, column }) =>
                  shape === 'bar' ? (
                    <Bar key={key} yAxisId={axisOf(column.kind)} dataKey={chart.key(key)} name={key} fill={chart.color(color)} radius={[3, 3, 0, 0]} maxBarSize={56} isAnimationActive={false} />
                  ) : (
                    <Line key={key} yAxisId={axisOf(column.kind)} dataKey={chart.key(key)} name={key} stroke={chart.color(color)} strokeWidth={2} dot={data.length <= 14 ? { r: 3 } : false} isAnimationActive={false} />
                  ),
                )}
              </ComposedChart>
            </Chart.Root>
          )}
          <ReportTableView caption={title} columns={columns} rows={rows} {...(total ? { total } : {})} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
