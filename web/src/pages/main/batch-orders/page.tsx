import { Box, Button, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { BulkOrder, BulkOrdersPage } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BoxesIcon, UploadIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { notify } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../libs/http-client';
import { refreshSession } from '../../../services/auth/refresh-session';
import { bulkOrderKeys } from '../../../services/bulk-orders/keys';
import { BULK_ORDERS_PAGE_SIZE, useBulkOrders } from '../../../services/bulk-orders/list-bulk-orders';
import { recoverBulkFiles } from '../../../services/bulk-orders/recover-files';
import { isNoFailedLabelsError, retryFailedLabels, retryResultMessage } from '../../../services/bulk-orders/retry-failed';
import { useAuthStore } from '../../../stores/auth.store';
import { BatchOrdersCards, BatchOrdersTable } from './batch-orders-table';
import type { RowAction } from './batch-orders-table';

/** Spec 9: the list is read again 1 s after a retry or a recovery. */
export const LIST_REFRESH_DELAY_MS = 1_000;
/** '(Stuck Nh ago)' is recomputed this often while the page is open. */
const CLOCK_MS = 60_000;

export const FETCH_FAILED = 'Failed to fetch batch orders';
export const RETRY_FAILED = 'Failed to retry failed labels';
export const RECOVER_FAILED = 'Failed to recover bulk order files';

const useMinuteClock = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
};

const BatchOrdersContent = ({ userId }: { userId: string }): ReactElement => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const orders = useBulkOrders(userId, page);
  const [running, setRunning] = useState<Readonly<Record<string, RowAction>>>({});
  const now = useMinuteClock();
  // Below 1024 px (the spec's mobile breakpoint) the five columns do not fit: each batch becomes a card.
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? true;
  const List = wide ? BatchOrdersTable : BatchOrdersCards;
  const total = orders.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BULK_ORDERS_PAGE_SIZE));

  // The list can shrink under the open page; show its last page rather than an empty one.
  const settledData = orders.data !== undefined && !orders.isPlaceholderData;
  useEffect(() => {
    if (settledData && page > pageCount) setPage(pageCount);
  }, [settledData, page, pageCount]);

  // Spec 8: a failed fetch is a toast (the server's message preferred), once per failure.
  const { isError, errorUpdatedAt, error } = orders;
  const toastedError = useRef(0);
  useEffect(() => {
    if (!isError || toastedError.current === errorUpdatedAt) return;
    toastedError.current = errorUpdatedAt;
    notify.error(errorMessage(error, FETCH_FAILED));
  }, [isError, errorUpdatedAt, error]);

  // Timers of the delayed refreshes, cleared if the page goes away first.
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const refreshSoon = () => {
    timers.current.push(
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.lists(userId) });
      }, LIST_REFRESH_DELAY_MS),
    );
  };

  /** Puts what an action answered into the row on screen at once; the refresh 1 s later confirms it. */
  const patchRow = (orderId: string, patch: Partial<BulkOrder>) => {
    queryClient.setQueryData<BulkOrdersPage>(bulkOrderKeys.page(userId, page), (current) =>
      current ? { ...current, bulkOrders: current.bulkOrders.map((order) => (order._id === orderId ? { ...order, ...patch } : order)) } : current,
    );
  };

  const run = async (order: BulkOrder, action: RowAction, work: () => Promise<void>) => {
    if (running[order._id]) return;
    setRunning((current) => ({ ...current, [order._id]: action }));
    try {
      await work();
    } finally {
      setRunning((current) => {
        const next = { ...current };
        delete next[order._id];
        return next;
      });
      refreshSoon();
    }
  };

  const retry = (order: BulkOrder) =>
    void run(order, 'retry', async () => {
      try {
        const result = await retryFailedLabels(order._id);
        patchRow(order._id, {
          status: result.status,
          processedCount: result.finalProcessedCount,
          failedCount: result.finalFailedCount,
          totalCount: result.updatedTotalCount > 0 ? result.updatedTotalCount : order.totalCount,
          pdfName: result.fileData.pdfName ?? order.pdfName,
          zplName: result.fileData.zplName ?? order.zplName,
          resultCSVName: result.fileData.resultCSVName ?? order.resultCSVName,
          autoConfirmCSVName: result.fileData.autoConfirmCSVName ?? order.autoConfirmCSVName,
        });
        notify.success(retryResultMessage(result));
        // Labels bought (or holds released): the balance changed.
        void refreshSession(queryClient);
      } catch (cause) {
        if (isNoFailedLabelsError(cause)) {
          // Spec 4 "Retry": nothing failed any more, so the batch counts as completed with 0 failed.
          patchRow(order._id, { status: 'completed', failedCount: 0 });
          notify.success(errorMessage(cause, 'No failed labels found for this order'));
          return;
        }
        notify.error(errorMessage(cause, RETRY_FAILED));
      }
    });

  const recover = (order: BulkOrder) =>
    void run(order, 'recover', async () => {
      try {
        const result = await recoverBulkFiles(order._id);
        patchRow(order._id, {
          status: result.status,
          pdfName: result.fileData.pdfName ?? order.pdfName,
          zplName: result.fileData.zplName ?? order.zplName,
          resultCSVName: result.fileData.resultCSVName ?? order.resultCSVName,
          autoConfirmCSVName: result.fileData.autoConfirmCSVName ?? order.autoConfirmCSVName,
        });
        // A rebuild that failed is still a 200 (the batch is now recovery_failed): it is news of a failure.
        if (result.status === 'recovery_failed') notify.error(result.message || RECOVER_FAILED);
        else notify.success(result.message);
      } catch (cause) {
        notify.error(errorMessage(cause, RECOVER_FAILED));
      }
    });

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
      isEmpty={(data) => data.bulkOrders.length === 0}
      empty={{
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
      <PageHeader
        title="Batch Orders"
        description="Every bulk order, newest first: its price, its status and its label, result and Amazon files."
        actions={
          <>
            <RefreshButton query={orders} />
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
      {content()}
    </>
  );
};

export const BatchOrdersPage = (): ReactElement | null => {
  useDocumentTitle('Batch Orders');
  const user = useAuthStore((state) => state.user);
  return user ? <BatchOrdersContent key={user._id} userId={user._id} /> : null;
};
