import { Chart, useChart } from '@chakra-ui/charts';
import type { AdminStats } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';

type Day = { day: string; labels: number; revenue: number };

const dayLabel = (day: string): string => {
  const [, month, date] = day.split('-');
  return `${Number(date)}/${Number(month)}`;
};

/** Labels bought (bars, left axis) and revenue in dollars (line, right axis) per UTC day. */
export const ActivityChart = ({ perDay }: { perDay: AdminStats['perDay'] }): ReactElement => {
  const chart = useChart<Day>({
    data: perDay.map((d) => ({ day: d.day, labels: d.labels, revenue: d.revenueCents / 100 })),
    series: [
      { name: 'labels', color: 'brand.solid', label: 'Labels' },
      { name: 'revenue', color: 'green.solid', label: 'Revenue ($)' },
    ],
  });
  const dollars = chart.formatNumber({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return (
    <Chart.Root h="72" chart={chart} aria-label="Labels and revenue per day, last 30 days">
      <ComposedChart responsive data={chart.data} margin={{ left: 0, right: 0, top: 8, bottom: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('day')} tickFormatter={dayLabel} tickLine={false} axisLine={false} minTickGap={16} stroke={chart.color('fg.muted')} />
        <YAxis yAxisId="labels" allowDecimals={false} tickLine={false} axisLine={false} width={36} stroke={chart.color('fg.muted')} />
        <YAxis yAxisId="revenue" orientation="right" tickFormatter={dollars} tickLine={false} axisLine={false} width={56} stroke={chart.color('fg.muted')} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        <Bar yAxisId="labels" dataKey={chart.key('labels')} name="labels" fill={chart.color('brand.solid')} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Line yAxisId="revenue" dataKey={chart.key('revenue')} name="revenue" stroke={chart.color('green.solid')} strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </Chart.Root>
  );
};
