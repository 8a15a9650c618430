import type { BulkOrder, BulkRetryResponse, OrderProgress } from '@labeldesk/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useAuthStore } from './auth.store';
import { elapsedSeconds, initialBulkProgress, initializedProgress, isFinalBulkStatus, progressedState, resumedProgress, retriedState } from './bulk-progress-state';
import type { BulkProgressData, InitializeBulkProgressArgs } from './bulk-progress-state';

export {
  BULK_ERROR_MESSAGE,
  BULK_FAILED_LABELS_MESSAGE,
  BULK_RETRY_ERROR_MESSAGE,
  errorForStatus,
  hasAnyFile,
  initialBulkProgress,
  isBulkDone,
  isFinalBulkStatus,
  retryingCountFor,
} from './bulk-progress-state';
export type { BulkProgressData, InitializeBulkProgressArgs } from './bulk-progress-state';

export interface BulkProgressActions {
  initialize: (args: InitializeBulkProgressArgs) => void;
  /** Resume tracking a batch the server reports (after a reload, GET /bulk/active or /bulk/order/{id}). */
  resume: (order: BulkOrder) => void;
  applyProgress: (event: OrderProgress) => void;
  applyRetryResult: (result: BulkRetryResponse) => void;
  /** Recompute elapsedTime from startTime (the one-second timer calls this). */
  tick: (now?: number) => void;
  setRetrying: (isRetrying: boolean) => void;
  setRetryError: (message: string | null) => void;
  setStatusError: (message: string | null) => void;
  setError: (message: string | null) => void;
  setLoading: (loading: boolean) => void;
  setMinimized: (isMinimized: boolean) => void;
  show: () => void;
  hide: () => void;
  reset: () => void;
}

export type BulkProgressState = BulkProgressData & BulkProgressActions;

/**
 * The floating bulk progress widget's state (spec 3/4). The Bulk Order page calls `initialize` after
 * `process` answers; the widget (mounted in the main shell) follows the socket from there. The order id and
 * timer survive a reload, so the widget finds the in-flight batch again.
 */
export const useBulkProgressStore = create<BulkProgressState>()(
  persist(
    (set, get) => ({
      ...initialBulkProgress,
      initialize: (args) => set(initializedProgress(args, Date.now())),
      resume: (order) => set(resumedProgress(get(), order, Date.now())),
      applyProgress: (event) => {
        const next = progressedState(get(), event, Date.now());
        if (next) set(next);
      },
      applyRetryResult: (result) => set(retriedState(get(), result, Date.now())),
      tick: (now = Date.now()) => {
        const { startTime, endTime, elapsedTime } = get();
        const next = elapsedSeconds(startTime, endTime, now);
        if (next !== elapsedTime) set({ elapsedTime: next });
      },
      setRetrying: (isRetrying) =>
        set((state) =>
          isRetrying
            ? { isRetrying, retryingCount: state.failedCount, retryError: null, endTime: null }
            : { isRetrying, retryingCount: null },
        ),
      setRetryError: (retryError) =>
        set((state) =>
          retryError ? { retryError, isRetrying: false, retryingCount: null, endTime: state.endTime ?? Date.now() } : { retryError },
        ),
      setStatusError: (statusError) => set({ statusError, loading: false }),
      setError: (error) => set({ error }),
      setLoading: (loading) => set({ loading }),
      setMinimized: (isMinimized) => set({ isMinimized }),
      show: () => set({ isVisible: true }),
      hide: () => set({ isVisible: false }),
      reset: () => set({ ...initialBulkProgress }),
    }),
    {
      name: 'labeldesk.bulk-progress',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ orderId, startTime, endTime, totalCount, isVisible, isMinimized, alreadyShippedCount }) => ({
        orderId,
        startTime,
        endTime,
        totalCount,
        isVisible,
        isMinimized,
        alreadyShippedCount,
      }),
    },
  ),
);

/** True when the widget may be closed (spec 4): a final status or an error shown, and no retry running. */
export const canCloseBulkProgress = (state: Pick<BulkProgressData, 'orderStatus' | 'error' | 'statusError' | 'retryError' | 'isRetrying'>): boolean =>
  !state.isRetrying &&
  state.orderStatus !== 'retrying_failed' &&
  (isFinalBulkStatus(state.orderStatus) || !!state.error || !!state.statusError || !!state.retryError);

// A batch belongs to one session: logout, or a login-as replacing the token, forgets it.
useAuthStore.subscribe((state, previous) => {
  if (state.token !== previous.token && useBulkProgressStore.getState().orderId !== null) useBulkProgressStore.getState().reset();
});
