import { Button } from '@chakra-ui/react';
import type { OrderListItem } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { TrackingDrawer } from '../../../components/orders/tracking-drawer';
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
import type { TrackingTarget } from '../../../services/orders/label-tracking';
import { OrdersTable } from './orders-table';
import { ScanFormTodayButton } from './scan-form-today-button';
import { VoidOrderDialog } from './void-order-dialog';

const OrdersContent = ({ userId }: { userId: string }): ReactElement => {
  const orders = useOrders(userId);
  const paged = usePagedRows(orders.data ?? [], DEFAULT_PAGE_SIZE);
  const [voiding, setVoiding] = useState<OrderListItem | null>(null);
  const [tracking, setTracking] = useState<TrackingTarget | null>(null);
  const track = (order: OrderListItem) => {
    if (order.tracking_number) setTracking({ kind: 'single', orderId: order._id, trackingNumber: order.tracking_number });
  };

  const rows = (): ReactElement => (
    <>
      <OrdersTable orders={paged.pageRows} onVoid={setVoiding} onTrack={track} />
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
        description="Every label you bought, newest first. Download a PDF again, track a label, or void one you will not use."
        actions={
          <>
            <RefreshButton query={orders} />
            <ScanFormTodayButton userId={userId} />
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
      <VoidOrderDialog order={voiding} onClose={() => setVoiding(null)} />
      <TrackingDrawer target={tracking} onClose={() => setTracking(null)} />
    </>
  );
};

export const OrdersPage = (): ReactElement | null => {
  useDocumentTitle('Orders');
  const user = useAuthStore((state) => state.user);
  return user ? <OrdersContent key={user._id} userId={user._id} /> : null;
};
