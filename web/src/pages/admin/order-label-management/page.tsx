import { Card, Stack } from '@chakra-ui/react';
import { adminOrdersQuerySchema } from '@labeldesk/contracts';
import { useMemo, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { TruckIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ADMIN_ORDERS_PAGE_SIZE, useAdminOrders, type AdminOrderFilters } from '../../../services/admin/admin-orders';
import { useUsers } from '../../../services/users/list-users';
import { AdminOrdersTable } from './admin-orders-table';
import { OrderDetailDrawer, type OpenOrder } from './order-detail-drawer';
import { OrderFilters } from './order-filters';

/** The filters live in the address, so a search can be shared, bookmarked or reloaded. */
const useFiltersInUrl = () => {
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => {
    const parsed = adminOrdersQuerySchema.safeParse(Object.fromEntries(params));
    if (!parsed.success) return { filters: {}, page: 1 };
    const { page: current, limit: _limit, ...rest } = parsed.data;
    return { filters: rest as AdminOrderFilters, page: current };
  }, [params]);
  const apply = (next: AdminOrderFilters, nextPage = 1) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) search.set(key, String(value));
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  return { filters, page, apply };
};

/** Order-label management (the spec leaves it open): every order and batch of every customer, for an operator. */
export const OrderLabelManagementPage = (): ReactElement => {
  useDocumentTitle('Orders & Labels');
  const { filters, page, apply } = useFiltersInUrl();
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
        {orders.isPending ? (
          <TableSkeleton rows={8} label="Loading orders" />
        ) : orders.isError ? (
          <TableError title="Failed to load orders" description={orders.error instanceof Error ? orders.error.message : undefined} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : orders.data.items.length === 0 ? (
          <TableEmpty icon={<TruckIcon />} title="No orders found" description="No order or batch matches these filters. Clear them to see everything." />
        ) : (
          <>
            <AdminOrdersTable
              rows={orders.data.items}
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
      </Stack>
      <OrderDetailDrawer open={open} onClose={() => setOpen(null)} />
    </>
  );
};
