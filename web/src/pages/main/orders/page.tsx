import { Box, Card, Stack } from '@chakra-ui/react';
import { orderSearchQuerySchema, type OrderListItem } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { TestModeBuyReason, useBuyBlockedByTestMode } from '../../../components/layout/test-mode';
import { TrackingDrawer } from '../../../components/orders/tracking-drawer';
import { BulkReturnsDialog } from '../../../components/returns/bulk-returns-dialog';
import { ReturnDrawer } from '../../../components/returns/return-drawer';
import { ExportCsvButton } from '../../../components/search/export-csv-button';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLastPageClamp } from '../../../hooks/use-last-page-clamp';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { exportOrdersCsv, ORDERS_PAGE_SIZE, useOrderSearch, type OrderFilters } from '../../../services/orders/search-orders';
import { useUserShippingServices } from '../../../services/shipping-services/list-user-shipping-services';
import { useAuthStore } from '../../../stores/auth.store';
import { useListMode } from '../../../stores/ui.store';
import type { TrackingTarget } from '../../../services/orders/label-tracking';
import { OrderSearchFilters } from './order-search-filters';
import { BulkReturnsButton, OrderLabelButton } from './orders-buy-buttons';
import { noOrdersMatch, noOrdersYet, noTestOrdersYet } from './orders-empty-states';
import { OrdersTable } from './orders-table';
import { ScanFormTodayButton } from './scan-form-today-button';
import { useOrderReturns } from './use-order-returns';
import { VoidOrderDialog } from './void-order-dialog';

/** No filter set: the list is every order, and an empty one means none was bought yet. */
const isUnfiltered = (filters: OrderFilters): boolean => Object.values(filters).every((value) => value === undefined);

const OrdersContent = ({ userId }: { userId: string }): ReactElement => {
  // Which labels are listed is the test-mode switch's, never the address's.
  const { filters: { mode: _fromAddress, ...filters }, page, apply } = useUrlFilters(orderSearchQuerySchema);
  const mode = useListMode();
  const buying = useBuyBlockedByTestMode();
  const orders = useOrderSearch(userId, filters, page, mode);
  const services = useUserShippingServices(userId);
  // A page past the end (the list shrank, or an old address) shows the last page instead.
  const { total, pageCount } = useLastPageClamp(
    { data: orders.data ? { totalCount: orders.data.total } : undefined, isPlaceholderData: orders.isPlaceholderData },
    ORDERS_PAGE_SIZE,
    page,
    (last) => apply(filters, last),
  );
  const [voiding, setVoiding] = useState<OrderListItem | null>(null);
  const [tracking, setTracking] = useState<TrackingTarget | null>(null);
  const track = (order: OrderListItem) => {
    if (order.tracking_number) setTracking({ kind: 'single', orderId: order._id, trackingNumber: order.tracking_number });
  };
  const returns = useOrderReturns(userId);

  const rows = (data: { orders: OrderListItem[] }): ReactElement => (
    <>
      <Box opacity={orders.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s" aria-busy={orders.isPlaceholderData}>
        <OrdersTable orders={data.orders} onVoid={setVoiding} onTrack={track} returns={returns.byOrder} onReturn={returns.open} selected={returns.selected} onSelect={returns.select} returnsDescribedBy={buying.describedBy} />
      </Box>
      <Pagination
        page={page}
        pageCount={pageCount}
        pageSize={ORDERS_PAGE_SIZE}
        total={total}
        onPageChange={(next) => apply(filters, next)}
        itemLabel="orders"
      />
    </>
  );

  const content = (): ReactElement => (
    <QueryState
      query={orders}
      loading={<TableSkeleton rows={ORDERS_PAGE_SIZE} label="Loading orders" />}
      error={{ title: 'Failed to load orders' }}
      isEmpty={(data) => data.orders.length === 0 && data.total === 0}
      empty={!isUnfiltered(filters) ? noOrdersMatch(() => apply({})) : mode === 'test' ? noTestOrdersYet : noOrdersYet}
    >
      {rows}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every label you bought, newest first. Search and filter them, export what you find as CSV, download a PDF again, track a label, make a return label for your buyer, or void one you will not use."
        actions={
          <>
            <RefreshButton query={orders} />
            <ExportCsvButton total={total} itemLabel="orders" onExport={() => exportOrdersCsv(userId, filters, mode)} />
            <ScanFormTodayButton userId={userId} />
            <BulkReturnsButton selectedCount={returns.selected.size} onStart={returns.startBulk} />
            <OrderLabelButton />
          </>
        }
      />
      <Stack gap="4" minW="0">
        <TestModeBuyReason />
        <Card.Root variant="outline" size="sm">
          <Card.Body>
            <OrderSearchFilters key={JSON.stringify(filters)} value={filters} services={(services.data ?? []).map((service) => service.name)} onApply={(next) => apply(next)} />
          </Card.Body>
        </Card.Root>
        {content()}
      </Stack>
      <VoidOrderDialog order={voiding} onClose={() => setVoiding(null)} />
      <TrackingDrawer target={tracking} onClose={() => setTracking(null)} />
      <ReturnDrawer target={returns.target} userId={userId} onClose={returns.close} />
      <BulkReturnsDialog key={returns.bulk?.join(',') ?? 'none'} orderIds={returns.bulk} userId={userId} onClose={returns.cancelBulk} onDone={returns.bulkDone} />
    </>
  );
};

export const OrdersPage = (): ReactElement | null => {
  useDocumentTitle('Orders');
  const user = useAuthStore((state) => state.user);
  return user ? <OrdersContent key={user._id} userId={user._id} /> : null;
};
