import type { BulkOrder, BulkOrdersPage } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { refreshSession } from '../../../services/auth/refresh-session';
import { bulkOrderKeys } from '../../../services/bulk-orders/keys';
import { recoverBulkFiles } from '../../../services/bulk-orders/recover-files';
import { isNoFailedLabelsError, retryFailedLabels, retryResultMessage } from '../../../services/bulk-orders/retry-failed';
import { recoverPatch, retryPatch } from './batch-order-patches';
import type { RowAction } from './batch-orders-table';

/** Spec 9: the list is read again 1 s after a retry or a recovery. */
export const LIST_REFRESH_DELAY_MS = 1_000;
export const RETRY_FAILED = 'Failed to retry failed labels';
export const RECOVER_FAILED = 'Failed to recover bulk order files';

/**
 * A batch row's Retry and Recover: one action per row at a time, its answer put into the row on screen at once,
 * and the list read again 1 s later to confirm it.
 */
export const useBatchOrderActions = (userId: string, page: number) => {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Readonly<Record<string, RowAction>>>({});

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
    // Every filter's copy of the page (its key starts with the page's).
    queryClient.setQueriesData<BulkOrdersPage>({ queryKey: bulkOrderKeys.page(userId, page) }, (current) =>
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
        patchRow(order._id, retryPatch(order, result));
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
        patchRow(order._id, recoverPatch(order, result));
        // A rebuild that failed is still a 200 (the batch is now recovery_failed): it is news of a failure.
        if (result.status === 'recovery_failed') notify.error(result.message || RECOVER_FAILED);
        else notify.success(result.message);
      } catch (cause) {
        notify.error(errorMessage(cause, RECOVER_FAILED));
      }
    });

  return { running, retry, recover };
};
