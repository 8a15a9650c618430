import { Card, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { AdminStats } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { AlertIcon, LayersIcon, ListIcon, PrinterIcon, UsersIcon, WalletIcon } from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { formatCents } from '../../../libs/format';
import { ActivityChart } from './activity-chart';
import { MarginsCard } from './margins-card';

interface FiguresProps {
  /** Undefined until the figures are read. */
  figures: AdminStats | undefined;
  loading: boolean;
}

/** The business's totals with today's share: users, orders, labels, revenue, deposits, batches. */
const BusinessTotals = ({ figures, loading }: FiguresProps): ReactElement => (
  <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" as="section" aria-label="Business totals">
    <StatCard label="Users" value={String(figures?.users.total ?? 0)} hint={`${figures?.users.today ?? 0} new today`} icon={<UsersIcon />} loading={loading} />
    <StatCard label="Orders" value={String(figures?.orders.total ?? 0)} hint={`${figures?.orders.today ?? 0} today`} icon={<ListIcon />} loading={loading} />
    <StatCard label="Labels" value={String(figures?.labels.total ?? 0)} hint={`${figures?.labels.today ?? 0} today`} icon={<PrinterIcon />} loading={loading} />
    <StatCard
      label="Revenue"
      value={formatCents(figures?.revenueCents.total ?? 0)}
      hint={`${formatCents(figures?.revenueCents.today ?? 0)} today`}
      icon={<WalletIcon />}
      loading={loading}
    />
    <StatCard
      label="Deposits"
      value={formatCents(figures?.deposits.totalCents ?? 0)}
      hint={`${figures?.deposits.count ?? 0} in total, ${formatCents(figures?.deposits.todayCents ?? 0)} today`}
      icon={<WalletIcon />}
      loading={loading}
    />
    <StatCard label="Batches in progress" value={String(figures?.batches.pending ?? 0)} hint="Processing, retrying or making files" icon={<LayersIcon />} loading={loading} />
    <StatCard label="Failed batches" value={String(figures?.batches.failed ?? 0)} hint="Failed or stopped with an error" icon={<AlertIcon />} loading={loading} />
  </SimpleGrid>
);

/** The totals, the margins, and the last 30 days' labels and revenue per day. */
export const BusinessFigures = ({ figures, loading }: FiguresProps): ReactElement => (
  <>
    <BusinessTotals figures={figures} loading={loading} />

    <MarginsCard margins={figures?.margins} loading={loading} />

    <Card.Root variant="outline" size="sm" as="section" aria-labelledby="activity-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="activity-heading">
          Labels and revenue per day
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          The last 30 days (UTC). Revenue is labels charged less labels refunded.
        </Text>
      </Card.Header>
      <Card.Body>{loading || !figures ? <Skeleton height="64" /> : <ActivityChart perDay={figures.perDay} />}</Card.Body>
    </Card.Root>
  </>
);
