import { Button } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DepositStatusCell } from '../../../components/payments/deposit-status';
import { WalletIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { DashboardCard } from './dashboard-card';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useRecentDeposits } from '../../../services/payments/recent-deposits';
import { Table } from '../../../components/ui/responsive-table';

const PAGE_SIZE = 5;

export const RecentDepositsCard = ({ userId }: { userId: string }): ReactElement => {
  const deposits = useRecentDeposits(userId);
  const paged = usePagedRows(deposits.data ?? [], PAGE_SIZE);

  const rows = (): ReactElement => (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Recent deposits">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Date &amp; Time</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {paged.pageRows.map((deposit) => (
              <Table.Row key={deposit._id} data-testid="recent-deposit-row" data-status={deposit.status}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(deposit.createdTime * 1000)}</Table.Cell>
                <Table.Cell>
                  <DepositStatusCell deposit={deposit} />
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatCents(deposit.amount)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pagination {...paged} onPageChange={paged.setPage} itemLabel="deposits" />
    </>
  );

  const body = (): ReactElement => (
    <QueryState
      query={deposits}
      loading={<TableSkeleton rows={PAGE_SIZE} label="Loading recent deposits" />}
      error={{ title: 'Failed to load recent deposits' }}
      isEmpty={() => paged.total === 0}
      empty={{
        icon: <WalletIcon />,
        title: 'No deposits yet',
        description: 'Top-ups to your balance show up here with their status.',
        action: (
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/main/deposit">Top up balance</RouterLink>
          </Button>
        ),
      }}
    >
      {rows}
    </QueryState>
  );

  return (
    <DashboardCard id="recent-deposits-heading" title="Recent Deposits" description="Top-ups to your balance, newest first." viewAllTo="/main/deposit" showViewAll={paged.total > 0}>
      {body()}
    </DashboardCard>
  );
};
