import { bulkFileData, bulkStatusSchema, FINAL_BULK_STATUSES } from '@labeldesk/contracts';
import type { BulkFileData, BulkOrder, BulkRetryResponse, BulkStatus, OrderProgress } from '@labeldesk/contracts';

/** The failure texts of spec 8 "Batch orders and widget". */
export const BULK_FAILED_LABELS_MESSAGE = (n: number): string => `${n} label(s) failed to process. Please check the error logs.`;
export const BULK_ERROR_MESSAGE = 'An error occurred while processing your order.';
export const BULK_RETRY_ERROR_MESSAGE = 'An error occurred during the retry attempt.';

/** Statuses that mean the batch broke (spec 4 "Batch order statuses"). */
const ERROR_STATUSES: readonly BulkStatus[] = ['processing_error', 'retry_processing_error', 'recovery_failed'];

export interface InitializeBulkProgressArgs {
  orderId: string;
  totalCount: number;
  status?: BulkStatus;
  processedCount?: number;
  failedCount?: number;
  /** When the batch started (ms since epoch); defaults to now. A resumed batch passes its createdAt. */
  startTime?: number;
  /** Rows the submit left out because their order already has a label (issue 47). */
  alreadyShippedCount?: number;
}

/** Spec 3 "Bulk order progress (client state)". */
export interface BulkProgressData {
  orderId: string | null;
  orderStatus: BulkStatus;
  processedCount: number;
  failedCount: number;
  totalCount: number;
  fileData: BulkFileData | null;
  /** A failure of the batch itself ('Order Processing Failed!'). */
  error: string | null;
  /** The status could not be read ('Status Update Failed'). */
  statusError: string | null;
  retryError: string | null;
  isRetrying: boolean;
  /** How many failed labels the running retry buys again (the server's failedCount drops to 0 as it starts). */
  retryingCount: number | null;
  loading: boolean;
  /** ms since epoch; elapsed seconds are always recomputed from it. */
  startTime: number | null;
  /** Set when the timer stops (files ready or a final status), so the elapsed time freezes, even across reloads. */
  endTime: number | null;
  elapsedTime: number;
  isVisible: boolean;
  isMinimized: boolean;
  /** Rows the submit of this batch left out because their order already has a label (issue 47). */
  alreadyShippedCount: number;
}


export const initialBulkProgress: BulkProgressData = {
  orderId: null,
  orderStatus: 'processing',
  processedCount: 0,
  failedCount: 0,
  totalCount: 0,
  fileData: null,
  error: null,
  statusError: null,
  retryError: null,
  isRetrying: false,
  retryingCount: null,
  loading: false,
  startTime: null,
  endTime: null,
  elapsedTime: 0,
  isVisible: false,
  isMinimized: false,
  alreadyShippedCount: 0,
};

export const hasAnyFile = (fileData: BulkFileData | null | undefined): boolean =>
  !!fileData && !!(fileData.pdfName || fileData.zplName || fileData.resultCSVName || fileData.autoConfirmCSVName);

export const isFinalBulkStatus = (status: BulkStatus): boolean => FINAL_BULK_STATUSES.includes(status);

/** Spec 4: files present and completed / completed_with_errors: the timer stops and downloads appear. */
export const isBulkDone = (status: BulkStatus, fileData: BulkFileData | null | undefined): boolean =>
  (status === 'completed' || status === 'completed_with_errors') && hasAnyFile(fileData);

export const elapsedSeconds = (startTime: number | null, endTime: number | null, now: number): number =>
  startTime === null ? 0 : Math.max(0, Math.floor(((endTime ?? now) - startTime) / 1000));

/** The error a status carries (spec 8), or null. */
export const errorForStatus = (status: BulkStatus, failedCount: number): string | null => {
  if (status === 'failed') return failedCount > 0 ? BULK_FAILED_LABELS_MESSAGE(failedCount) : BULK_ERROR_MESSAGE;
  if (ERROR_STATUSES.includes(status)) return BULK_ERROR_MESSAGE;
  return null;
};

export const fileDataFromOrder = (order: BulkOrder): BulkFileData | null => {
  const fileData = bulkFileData(order);
  return hasAnyFile(fileData) ? fileData : null;
};

/**
 * The number a retry buys again: what failed when it was asked for here, or, for a retry found running (another tab,
 * a reload), the labels of the batch not yet bought nor failed again.
 */
export const retryingCountFor = (
  state: Pick<BulkProgressData, 'retryingCount'>,
  counts: Pick<BulkProgressData, 'totalCount' | 'processedCount' | 'failedCount'>,
): number => state.retryingCount ?? Math.max(0, counts.totalCount - counts.processedCount - counts.failedCount);

/** The part of the state that follows a status change: error text, retrying flag, timer stop. */
export const statusEffects = (
  state: BulkProgressData,
  status: BulkStatus,
  failedCount: number,
  fileData: BulkFileData | null,
  now: number,
  counts: Pick<BulkProgressData, 'totalCount' | 'processedCount' | 'failedCount'> = state,
): Partial<BulkProgressData> => {
  // A retry asked for here stays on until the server has moved through it (or the POST answers): a late event
  // still carrying the old completed_with_errors must not end it.
  const retryMoved = state.orderStatus === 'retrying_failed' || state.orderStatus === 'generating_files';
  const isRetrying =
    status === 'retrying_failed' ? true : isFinalBulkStatus(status) && (!state.isRetrying || retryMoved) ? false : state.isRetrying;
  const stop = !isRetrying && (isBulkDone(status, fileData) || status === 'failed' || ERROR_STATUSES.includes(status));
  const endTime = stop ? (state.endTime ?? now) : null;
  return {
    orderStatus: status,
    error: errorForStatus(status, failedCount),
    isRetrying,
    retryingCount: isRetrying ? retryingCountFor(state, counts) : null,
    endTime,
    elapsedTime: elapsedSeconds(state.startTime, endTime, now),
  };
};

/** A batch the Bulk Order page just submitted: it opens as the modal, so its start is seen; the user may fold it away. */
export const initializedProgress = (
  { orderId, totalCount, status = 'processing', processedCount = 0, failedCount = 0, startTime, alreadyShippedCount = 0 }: InitializeBulkProgressArgs,
  now: number,
): BulkProgressData => {
  const start = startTime ?? now;
  return {
    ...initialBulkProgress,
    orderId,
    totalCount,
    orderStatus: status,
    processedCount,
    failedCount,
    startTime: start,
    elapsedTime: elapsedSeconds(start, null, now),
    isVisible: true,
    isMinimized: false,
    alreadyShippedCount,
  };
};

/** A batch the server reports: the same one keeps its timer; another starts over from its createdAt. */
export const resumedProgress = (state: BulkProgressData, order: BulkOrder, now: number): BulkProgressData => {
  const sameOrder = state.orderId === order._id;
  const created = Date.parse(order.createdAt);
  const startTime = sameOrder && state.startTime !== null ? state.startTime : Number.isNaN(created) ? now : created;
  const base: BulkProgressData = sameOrder
    ? { ...state, startTime }
    : { ...initialBulkProgress, orderId: order._id, startTime, isVisible: true, isMinimized: state.isMinimized };
  const fileData = fileDataFromOrder(order);
  return {
    ...base,
    orderId: order._id,
    totalCount: order.totalCount,
    processedCount: order.processedCount,
    failedCount: order.failedCount,
    fileData,
    statusError: null,
    loading: false,
    ...statusEffects(base, order.status, order.failedCount, fileData, Date.parse(order.updatedAt) || now, order),
  };
};

/** A socket event about the tracked batch (null for another batch's); an unknown status keeps the current one. */
export const progressedState = (state: BulkProgressData, event: OrderProgress, now: number): Partial<BulkProgressData> | null => {
  if (!state.orderId || event.orderId !== state.orderId) return null;
  const parsed = bulkStatusSchema.safeParse(event.status);
  const status = parsed.success ? parsed.data : state.orderStatus;
  const fileData = event.fileData && hasAnyFile(event.fileData) ? { ...state.fileData, ...event.fileData } : state.fileData;
  const counts = {
    processedCount: event.processedCount,
    failedCount: event.failedCount,
    totalCount: event.totalCount > 0 ? event.totalCount : state.totalCount,
  };
  return { ...counts, fileData, statusError: null, loading: false, ...statusEffects(state, status, event.failedCount, fileData, now, counts) };
};

/** The retry's POST answered: the retry is over unless the server says it still runs. */
export const retriedState = (state: BulkProgressData, result: BulkRetryResponse, now: number): Partial<BulkProgressData> => {
  const fileData = hasAnyFile(result.fileData) ? { ...state.fileData, ...result.fileData } : state.fileData;
  const effects = statusEffects({ ...state, isRetrying: false }, result.status, result.finalFailedCount, fileData, now);
  return {
    processedCount: result.finalProcessedCount,
    failedCount: result.finalFailedCount,
    totalCount: result.updatedTotalCount > 0 ? result.updatedTotalCount : state.totalCount,
    fileData,
    retryError: null,
    ...effects,
    isRetrying: effects.isRetrying === true || result.status === 'generating_files',
  };
};
