import { Button } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListIcon, PrinterIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DEFAULT_PAGE_SIZE, usePagedRows } from '../../../hooks/use-paged-rows';
import { useOrders } from '../../../services/orders/list-orders';
import { useAuthStore } from '../../../stores/auth.store';
import { OrdersTable } from './orders-table';

const OrdersContent = ({ userId }: { userId: string }): ReactElement => {
  const orders = useOrders(userId);
  const paged = usePagedRows(orders.data ?? [], DEFAULT_PAGE_SIZE);

  const rows = (): ReactElement => (
    <>
      <OrdersTable orders={paged.pageRows} />
      <Pagination {...paged} onPageChange={paged.setPage} itemLabel="orders" />
    </>
  );

  const content = (): ReactElement => (
    <QueryState
      query={orders}
      loading={<TableSkeleton rows={DEFAULT_PAGE_SIZE} label="Loading orders" />}
      error={{ title: 'Failed to load orders' }}
      isEmpty={() => paged.total === 0}
      empty={{
        icon: <ListIcon />,
        title: 'No orders yet',
        description: 'Every label you buy is listed here with its status, price and PDF.',
        action: (
          <Button asChild size="sm">
            <RouterLink to="/main/order-label">Order Label</RouterLink>
          </Button>
        ),
      }}
    >
      {rows}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every label you bought, newest first. Download a PDF again or copy a tracking number."
        actions={
          <>
            <RefreshButton query={orders} />
            <Button asChild size="sm">
              <RouterLink to="/main/order-label">
                <PrinterIcon />
                Order Label
              </RouterLink>
            </Button>
          </>
        }
      />
      {content()}
    </>
  );
};

export const OrdersPage = (): ReactElement | null => {
  useDocumentTitle('Orders');
  const user = useAuthStore((state) => state.user);
  return user ? <OrdersContent key={user._id} userId={user._id} /> : null;
};
