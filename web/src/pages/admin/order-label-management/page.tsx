import { Card, Stack, Tabs } from '@chakra-ui/react';
import { adminOrdersQuerySchema } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { TruckIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { ADMIN_ORDERS_PAGE_SIZE, useAdminOrders } from '../../../services/admin/admin-orders';
import { useUsers } from '../../../services/users/list-users';
import { AdminOrdersTable } from './admin-orders-table';
import { OrderDetailDrawer, type OpenOrder } from './order-detail-drawer';
import { OrderFilters } from './order-filters';
import { RefundsPanel } from './refunds-panel';

/** The Orders tab: every order and batch, filtered by the address's query. */
const OrdersPanel = (): ReactElement => {
  const { filters, page, apply } = useUrlFilters(adminOrdersQuerySchema);
  const orders = useAdminOrders(filters, page);
  const users = useUsers();
  const [open, setOpen] = useState<OpenOrder | null>(null);
  const total = orders.data?.total ?? 0;

  return (
    <>
      <Stack gap="4" minW="0">
        <Stack direction="row" justify="flex-end">
          <RefreshButton query={orders} />
        </Stack>
        <Card.Root variant="outline" size="sm">
          <Card.Body>
            <OrderFilters key={JSON.stringify(filters)} value={filters} users={users.data ?? []} onApply={(next) => apply(next)} />
          </Card.Body>
        </Card.Root>
        <QueryState
          query={orders}
          loading={<TableSkeleton rows={8} label="Loading orders" />}
          error={{ title: 'Failed to load orders', description: orders.error instanceof Error ? orders.error.message : undefined }}
          isEmpty={(data) => data.items.length === 0}
          empty={{ icon: <TruckIcon />, title: 'No orders found', description: 'No order or batch matches these filters. Clear them to see everything.' }}
        >
          {(data) => (
            <>
              <AdminOrdersTable
                rows={data.items}
                stale={orders.isPlaceholderData}
                onOpen={(row) => setOpen({ kind: row.kind, id: row.id, customer: row.userName ?? row.userEmail ?? 'a deleted user' })}
              />
              <Pagination
                page={page}
                pageCount={Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)}
                pageSize={ADMIN_ORDERS_PAGE_SIZE}
                total={total}
                onPageChange={(next) => apply(filters, next)}
                itemLabel="orders"
              />
            </>
          )}
        </QueryState>
      </Stack>
      <OrderDetailDrawer open={open} onClose={() => setOpen(null)} />
    </>
  );
};

/** Order-label management (the spec leaves it open): every order and batch of every customer, and every voided label. */
export const OrderLabelManagementPage = (): ReactElement => {
  useDocumentTitle('Orders & Labels');
  const [params, setParams] = useSearchParams();
  // The tab is in the address (`?view=refunds`) so it survives a reload; switching tabs starts the other tab unfiltered.
  const view = params.get('view') === 'refunds' ? 'refunds' : 'orders';
  return (
    <>
      <PageHeader
        title="Orders & Labels"
        description="Every customer's single labels and batches, newest first, and every voided label with its refund."
      />
      <Tabs.Root value={view} onValueChange={(details) => setParams(details.value === 'refunds' ? { view: 'refunds' } : {})} lazyMount unmountOnExit variant="line">
        <Tabs.List mb="4">
          <Tabs.Trigger value="orders">Orders</Tabs.Trigger>
          <Tabs.Trigger value="refunds">Refunds</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="orders" pt="0">
          <OrdersPanel />
        </Tabs.Content>
        <Tabs.Content value="refunds" pt="0">
          <RefundsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
};
