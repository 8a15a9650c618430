import { useShallow } from 'zustand/react/shallow';
import { BULK_FILE_KINDS } from '../../libs/download-file';
import type { BulkFileKind } from '../../libs/download-file';
import { canCloseBulkProgress, hasAnyFile, isBulkDone, retryingCountFor, useBulkProgressStore } from '../../stores/bulk-progress.store';
import type { BulkProgressData } from '../../stores/bulk-progress.store';
import { formatElapsed, progressPercent, progressTitle, progressTone } from './progress-display';

const FILE_FIELD: Record<BulkFileKind, 'pdfName' | 'zplName' | 'resultCSVName' | 'autoConfirmCSVName'> = {
  pdf: 'pdfName',
  zpl: 'zplName',
  'result-csv': 'resultCSVName',
  'auto-csv': 'autoConfirmCSVName',
};

/** What both views show, computed once from the store. */
export const useProgressView = () => {
  const state = useBulkProgressStore(
    useShallow((s): BulkProgressData => ({
      orderId: s.orderId,
      orderStatus: s.orderStatus,
      processedCount: s.processedCount,
      failedCount: s.failedCount,
      totalCount: s.totalCount,
      fileData: s.fileData,
      error: s.error,
      statusError: s.statusError,
      retryError: s.retryError,
      isRetrying: s.isRetrying,
      retryingCount: s.retryingCount,
      loading: s.loading,
      startTime: s.startTime,
      endTime: s.endTime,
      elapsedTime: s.elapsedTime,
      isVisible: s.isVisible,
      isMinimized: s.isMinimized,
      alreadyShippedCount: s.alreadyShippedCount,
    })),
  );
  const status = state.isRetrying ? 'retrying_failed' : state.orderStatus;
  const hasError = !!(state.error || state.statusError || state.retryError);
  const hasFiles = hasAnyFile(state.fileData);
  const done = !state.isRetrying && isBulkDone(state.orderStatus, state.fileData);
  const files = BULK_FILE_KINDS.filter((kind) => !!state.fileData?.[FILE_FIELD[kind]]);
  return {
    ...state,
    status,
    hasError,
    done,
    files,
    title: progressTitle({
      status,
      processedCount: state.processedCount,
      failedCount: state.failedCount,
      totalCount: state.totalCount,
      hasFiles,
      error: state.error,
      statusError: state.statusError,
      retryingCount: state.isRetrying ? retryingCountFor(state, state) : null,
    }),
    percent: progressPercent(state.processedCount, state.totalCount),
    tone: progressTone(status, hasError),
    elapsed: formatElapsed(state.elapsedTime),
    canClose: canCloseBulkProgress(state),
    canRetry: !state.isRetrying && state.orderStatus === 'completed_with_errors' && state.failedCount > 0,
  };
};
export type ProgressView = ReturnType<typeof useProgressView>;
