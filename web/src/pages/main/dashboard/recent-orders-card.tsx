import { Button, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { OrderStatusBadge } from '../../../components/orders/order-status';
import { PackageIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton, type TableEmptyProps } from '../../../components/ui/table-states';
import { noTestOrdersYet } from '../orders/orders-empty-states';
import { DashboardCard } from './dashboard-card';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useRecentOrders } from '../../../services/orders/recent-orders';
import { Table } from '../../../components/ui/responsive-table';
import { TestLabelBadge } from '../../../components/ui/test-mode-badge';
import { useListMode } from '../../../stores/ui.store';

/** Spec section 9: dashboard tables show 5 rows a page. */
const PAGE_SIZE = 5;

const noOrdersYet: TableEmptyProps = {
  icon: <PackageIcon />,
  title: 'No orders yet',
  description: 'Labels you buy show up here. Order your first label to get started.',
  action: (
    <Button asChild size="sm">
      <RouterLink to="/main/order-label">Order Label</RouterLink>
    </Button>
  ),
};

export const RecentOrdersCard = ({ userId }: { userId: string }): ReactElement => {
  const mode = useListMode();
  const orders = useRecentOrders(userId, mode);
  const paged = usePagedRows(orders.data ?? [], PAGE_SIZE);

  const rows = (): ReactElement => (
    <>
      {/* Focusable so the keyboard can scroll it on a phone: its rows hold nothing else to focus. */}
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
        <Table.Root size="sm" aria-label="Recent orders">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Date &amp; Time</Table.ColumnHeader>
              <Table.ColumnHeader>Service · Recipient</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {paged.pageRows.map((order) => (
              <Table.Row key={order._id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(order.createdAt)}</Table.Cell>
                <Table.Cell minW="40" whiteSpace="normal">
                  <Text textStyle="sm">{order.service_name}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    to {order.receiver.receiver_name}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <OrderStatusBadge status={order.status} />
                  {order.mode === 'test' && <TestLabelBadge ms="1.5" />}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatCents(order.price)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pagination {...paged} onPageChange={paged.setPage} itemLabel="orders" />
    </>
  );

  const body = (): ReactElement => (
    <QueryState
      query={orders}
      loading={<TableSkeleton rows={PAGE_SIZE} label="Loading recent orders" />}
      error={{ title: 'Failed to load recent orders' }}
      isEmpty={() => paged.total === 0}
      empty={mode === 'test' ? noTestOrdersYet : noOrdersYet}
    >
      {rows}
    </QueryState>
  );

  return (
    <DashboardCard id="recent-orders-heading" title="Recent Orders" description="Your latest labels, newest first." viewAllTo="/main/orders" showViewAll={paged.total > 0}>
      {body()}
    </DashboardCard>
  );
};
