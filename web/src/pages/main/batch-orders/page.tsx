import { Box, Button, Card, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { BulkOrdersPage } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ExportCsvButton } from '../../../components/search/export-csv-button';
import { BoxesIcon, SearchIcon, UploadIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { BULK_ORDERS_PAGE_SIZE } from '../../../services/bulk-orders/list-bulk-orders';
import { exportBatchesCsv, type BatchFilters } from '../../../services/bulk-orders/search-batches';
import { useAuthStore } from '../../../stores/auth.store';
import { noTestOrdersYet } from '../orders/orders-empty-states';
import { BatchOrdersCards, BatchOrdersTable } from './batch-orders-table';
import { BatchSearchFilters } from './batch-search-filters';
import { useBatchOrderActions } from './use-batch-order-actions';
import { FETCH_FAILED, useBatchOrdersList } from './use-batch-orders-list';
import { useMinuteClock } from './use-minute-clock';

/** The page title with Refresh and a way to the Bulk Order page, then the list's heading. */
const BatchOrdersHeader = ({ orders, exportButton }: { orders: Parameters<typeof RefreshButton>[0]['query']; exportButton: ReactElement }): ReactElement => (
  <>
    <PageHeader
      title="Batch Orders"
      description="Every bulk order, newest first: its price, its status and its label, result and Amazon files. Search them and export what you find as CSV."
      actions={
        <>
          <RefreshButton query={orders} />
          {exportButton}
          <Button asChild size="sm">
            <RouterLink to="/main/bulk-order">
              <UploadIcon />
              Bulk Order
            </RouterLink>
          </Button>
        </>
      }
    />
    <Heading as="h2" size="md" mb="3">
      Batch Orders List
    </Heading>
  </>
);

/** A search or a filter is set: an empty answer means nothing matched, not that no batch exists. */
const isFiltered = (filters: BatchFilters): boolean => Object.values(filters).some((value) => value !== undefined);

const noBatchesMatch = (onClear: () => void) => ({
  icon: <SearchIcon />,
  title: 'No batch orders match',
  description: 'No batch matches this search and these filters. Try another batch ID, file name or dates, or clear the filters to see every batch.',
  action: (
    <Button size="sm" variant="outline" onClick={onClear}>
      Clear filters
    </Button>
  ),
});

/** Test mode is on and no batch was made with a test key (decision 127): the Orders page's empty state, said of batches. */
const noTestBatchesYet = {
  ...noTestOrdersYet,
  icon: <BoxesIcon />,
  title: 'No test batches yet',
  description: 'Batches made through the API with a test key (ld_test_…, POST /api/v1/batches) are listed here, apart from your real ones. Make a test key on the Account page.',
};

const BatchOrdersContent = ({ userId }: { userId: string }): ReactElement => {
  const { orders, page, setPage, total, pageCount, filters, apply, mode } = useBatchOrdersList(userId);
  const { running, retry, recover } = useBatchOrderActions(userId, page);
  const now = useMinuteClock();
  // Below 1024 px (the spec's mobile breakpoint) the five columns do not fit: each batch becomes a card.
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? true;
  const List = wide ? BatchOrdersTable : BatchOrdersCards;

  const list = (data: BulkOrdersPage): ReactElement => (
    <>
      <Box opacity={orders.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s" aria-busy={orders.isPlaceholderData}>
        <List orders={data.bulkOrders} running={running} onRetry={retry} onRecover={recover} now={now} />
      </Box>
      <Pagination
        page={page}
        pageCount={pageCount}
        pageSize={BULK_ORDERS_PAGE_SIZE}
        total={total}
        onPageChange={setPage}
        itemLabel="batch orders"
      />
    </>
  );

  const content = (): ReactElement => (
    <QueryState
      query={orders}
      keepDataOnError
      loading={
        <Stack gap="3">
          <Text textStyle="sm" color="fg.muted" role="status">
            Loading batch orders...
          </Text>
          <TableSkeleton rows={BULK_ORDERS_PAGE_SIZE} label="Loading batch orders..." />
        </Stack>
      }
      error={{ title: FETCH_FAILED }}
      isEmpty={(data) => data.bulkOrders.length === 0 && data.totalCount === 0}
      empty={isFiltered(filters) ? noBatchesMatch(() => apply({})) : mode === 'test' ? noTestBatchesYet : {
        icon: <BoxesIcon />,
        title: 'No batch orders found',
        description: 'Upload a CSV or Amazon file on the Bulk Order page; every batch is listed here with its files.',
        action: (
          <Button asChild size="sm">
            <RouterLink to="/main/bulk-order">Bulk Order</RouterLink>
          </Button>
        ),
      }}
    >
      {list}
    </QueryState>
  );

  return (
    <>
      <BatchOrdersHeader orders={orders} exportButton={<ExportCsvButton total={total} itemLabel="batch orders" onExport={() => exportBatchesCsv(userId, filters, mode)} />} />
      <Card.Root variant="outline" size="sm" mb="4">
        <Card.Body>
          <BatchSearchFilters key={JSON.stringify(filters)} value={filters} onApply={(next) => apply(next)} />
        </Card.Body>
      </Card.Root>
      {content()}
    </>
  );
};

export const BatchOrdersPage = (): ReactElement | null => {
  useDocumentTitle('Batch Orders');
  const user = useAuthStore((state) => state.user);
  return user ? <BatchOrdersContent key={user._id} userId={user._id} /> : null;
};
