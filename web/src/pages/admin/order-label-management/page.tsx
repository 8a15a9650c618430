import { Card, Stack } from '@chakra-ui/react';
import { adminOrdersQuerySchema } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
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

/** Order-label management (the spec leaves it open): every order and batch of every customer, for an operator. */
export const OrderLabelManagementPage = (): ReactElement => {
  useDocumentTitle('Orders & Labels');
  const { filters, page, apply } = useUrlFilters(adminOrdersQuerySchema);
  const orders = useAdminOrders(filters, page);
  const users = useUsers();
  const [open, setOpen] = useState<OpenOrder | null>(null);
  const total = orders.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Orders & Labels"
        description="Every customer's single labels and batches, newest first. Open one for its details and files."
        actions={<RefreshButton query={orders} />}
      />
      <Stack gap="4" minW="0">
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
