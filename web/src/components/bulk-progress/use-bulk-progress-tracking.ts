import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { DOWNLOAD_MESSAGES } from '../../libs/download-file';
import { errorMessage, isApiError } from '../../libs/http-client';
import { followOrderProgress } from '../../libs/socket';
import { refreshSession } from '../../services/auth/refresh-session';
import { getActiveBulkOrder } from '../../services/bulk-orders/active-bulk-order';
import { getBulkOrder } from '../../services/bulk-orders/bulk-order';
import { bulkOrderKeys } from '../../services/bulk-orders/keys';
import { isNoFailedLabelsError, retryFailedLabels, retryResultMessage } from '../../services/bulk-orders/retry-failed';
import { orderKeys } from '../../services/orders/keys';
import { useAuthStore } from '../../stores/auth.store';
import { BULK_ERROR_MESSAGE, BULK_RETRY_ERROR_MESSAGE, isBulkDone, isFinalBulkStatus, useBulkProgressStore } from '../../stores/bulk-progress.store';
import { notify } from '../ui/toaster';

/** Spec 9: the progress timer ticks every second. */
export const PROGRESS_TICK_MS = 1_000;
/** The socket carries progress; this slow poll only covers a socket that cannot connect or missed events. */
export const PROGRESS_POLL_MS = 15_000;

const store = () => useBulkProgressStore.getState();

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/** Reads the batch over REST and applies it; a batch that is gone (or not ours) is forgotten. */
const syncFromServer = async (orderId: string, signal?: AbortSignal): Promise<void> => {
  try {
    const order = await getBulkOrder(orderId, signal);
    if (store().orderId === orderId) store().resume(order);
  } catch (error) {
    if (isAbort(error) || store().orderId !== orderId) return;
    if (isApiError(error) && (error.status === 404 || error.status === 403)) {
      store().reset();
      return;
    }
    store().setStatusError(errorMessage(error, DOWNLOAD_MESSAGES.network));
  }
};

/**
 * Everything the floating widget does besides drawing: finds an in-flight batch after a reload, follows it
 * on the socket (with a slow REST poll as a safety net), ticks the timer, and once the files are ready
 * refreshes the order lists and the user (balance). Mounted once, in the main shell.
 */
export const useBulkProgressTracking = (): void => {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.user?._id ?? null);
  const token = useAuthStore((state) => state.token);
  const orderId = useBulkProgressStore((state) => state.orderId);
  const isVisible = useBulkProgressStore((state) => state.isVisible);

  // After a reload: the batch this tab was following, else the newest batch the server still works on.
  useEffect(() => {
    if (!userId) return undefined;
    const controller = new AbortController();
    const resume = async (): Promise<void> => {
      const { orderId: savedId, isVisible: savedVisible } = store();
      if (savedId && savedVisible) {
        store().setLoading(true);
        await syncFromServer(savedId, controller.signal);
        if (store().orderId === savedId) store().setLoading(false);
        if (store().orderId) return;
      }
      try {
        const active = await getActiveBulkOrder(userId, controller.signal);
        const current = store().orderId;
        if (active && (current === null || current === active._id || !store().isVisible)) store().resume(active);
      } catch {
        // Nothing to resume is not worth a message: the Batch Orders page lists every batch.
      }
    };
    void resume();
    return () => controller.abort();
  }, [userId]);

  // Live progress over the socket; every (re)connect joins the room again and re-reads the batch.
  useEffect(() => {
    if (!orderId || !token || !isVisible) return undefined;
    const unfollow = followOrderProgress(orderId, {
      onProgress: (progress) => store().applyProgress(progress),
      onRoomError: (message) => store().setStatusError(message || BULK_ERROR_MESSAGE),
      onConnect: () => void syncFromServer(orderId),
    });
    return unfollow;
  }, [orderId, token, isVisible]);

  // The safety-net poll, only while the batch can still change by itself.
  const status = useBulkProgressStore((state) => state.orderStatus);
  const settled = useBulkProgressStore((state) => isFinalBulkStatus(state.orderStatus) && !state.isRetrying);
  useEffect(() => {
    if (!orderId || !isVisible || settled) return undefined;
    const id = setInterval(() => void syncFromServer(orderId), PROGRESS_POLL_MS);
    return () => clearInterval(id);
  }, [orderId, isVisible, settled, status]);

  // Spec 4/9: a one-second timer; the elapsed seconds are recomputed from the start time each tick.
  const running = useBulkProgressStore((state) => state.isVisible && state.startTime !== null && state.endTime === null);
  useEffect(() => {
    if (!running) return undefined;
    store().tick();
    const id = setInterval(() => store().tick(), PROGRESS_TICK_MS);
    return () => clearInterval(id);
  }, [running]);

  // Files ready (or the batch ended otherwise): the lists and the balance changed. Once per outcome.
  const outcome = useBulkProgressStore((state) =>
    state.orderId && !state.isRetrying && (isBulkDone(state.orderStatus, state.fileData) || (isFinalBulkStatus(state.orderStatus) && state.orderStatus !== 'completed' && state.orderStatus !== 'completed_with_errors'))
      ? `${state.orderId}:${state.orderStatus}:${state.processedCount}:${state.failedCount}:${state.fileData?.pdfName ?? ''}`
      : null,
  );
  const seenOutcome = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || seenOutcome.current === outcome) return;
    seenOutcome.current = outcome;
    void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void refreshSession(queryClient);
  }, [outcome, queryClient]);
};

/** The widget's 'Retry Failed': buys the failed labels again and shows the outcome. */
export const useRetryFromWidget = (): (() => Promise<void>) => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { orderId, isRetrying } = store();
    if (!orderId || isRetrying) return;
    store().setRetrying(true);
    try {
      const result = await retryFailedLabels(orderId);
      if (store().orderId !== orderId) return;
      store().applyRetryResult(result);
      notify.success(retryResultMessage(result));
    } catch (error) {
      if (store().orderId !== orderId) return;
      if (isNoFailedLabelsError(error)) {
        // Spec 4: nothing failed any more, so the batch counts as completed with 0 failed.
        const { processedCount, totalCount } = store();
        store().setRetrying(false);
        store().applyProgress({ orderId, processedCount, failedCount: 0, status: 'completed', totalCount });
      } else {
        store().setRetryError(errorMessage(error, BULK_RETRY_ERROR_MESSAGE));
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all });
    }
  }, [queryClient]);
};
