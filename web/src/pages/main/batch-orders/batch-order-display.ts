import { FINAL_BULK_STATUSES } from '@labeldesk/contracts';
import type { BulkOrder, BulkStatus } from '@labeldesk/contracts';
import type { BulkFileKind } from '../../../libs/download-file';
import { formatCents } from '../../../libs/format';
import type { StatusTone } from '../../../theme/system';

const HOUR_MS = 3_600_000;

/** Statuses a batch ends in when something broke (spec 4 "Batch order statuses"). */
export const ERROR_BULK_STATUSES: readonly BulkStatus[] = ['processing_error', 'retry_processing_error', 'recovery_failed'];

const STATUS_TEXT: Record<BulkStatus, string> = {
  draft: 'Draft',
  processing: 'Processing',
  generating_files: 'Files Generation Stuck',
  completed: 'Completed',
  completed_with_errors: 'Completed With Errors',
  failed: 'Failed',
  retrying_failed: 'Retrying Failed Labels',
  processing_error: 'Processing Error',
  retry_processing_error: 'Retry Processing Error',
  recovery_failed: 'Recovery Failed',
};

const STATUS_TONE: Record<BulkStatus, StatusTone> = {
  draft: 'processing',
  processing: 'processing',
  generating_files: 'stuck',
  completed: 'completed',
  completed_with_errors: 'pending',
  failed: 'failed',
  retrying_failed: 'processing',
  processing_error: 'failed',
  retry_processing_error: 'failed',
  recovery_failed: 'failed',
};

export interface StatusDisplay {
  tone: StatusTone;
  text: string;
}

type StatusFields = Pick<BulkOrder, 'status' | 'processedCount' | 'failedCount' | 'stuckAt'> & Partial<Pick<BulkOrder, 'voids'>>;

/** Whole hours since `stuckAt`, or null when it is missing or unreadable. */
export const stuckHours = (stuckAt: string | null, now: number): number | null => {
  if (!stuckAt) return null;
  const since = Date.parse(stuckAt);
  if (Number.isNaN(since)) return null;
  return Math.max(0, Math.floor((now - since) / HOUR_MS));
};

/** Spec 4 "List display": the colour and text of a batch's status in the Batch Orders list. */
export const batchStatusDisplay = (order: StatusFields, now: number = Date.now()): StatusDisplay => {
  const tone = STATUS_TONE[order.status];
  let text = STATUS_TEXT[order.status];
  if (order.status === 'processing_error' && order.processedCount === 0 && order.failedCount === 0) {
    text = 'Processing Error - Manual Review Required';
  }
  if (order.status === 'completed_with_errors') text = `${text} (${order.failedCount} failed)`;
  // A finished batch whose every label was voided since is nothing to ship: it says so, in grey (issue 49).
  const { voided = 0, pending = 0 } = order.voids ?? {};
  if (FINAL_BULK_STATUSES.includes(order.status) && order.processedCount > 0 && voided + pending >= order.processedCount) {
    return { tone: voided >= order.processedCount ? 'neutral' : 'processing', text: voided >= order.processedCount ? 'All labels voided' : 'Labels being voided' };
  }
  if (ERROR_BULK_STATUSES.includes(order.status)) {
    const hours = stuckHours(order.stuckAt, now);
    if (hours !== null) text = `${text} (Stuck ${hours}h ago)`;
  }
  return { tone, text };
};

/** Spec 4 "Actions": 'Retry Failed' when completed_with_errors with failures and no retry running. */
export const canRetryFailed = (order: Pick<BulkOrder, 'status' | 'failedCount'>, retrying: boolean): boolean =>
  order.status === 'completed_with_errors' && order.failedCount > 0 && !retrying;

/** Spec 4 "Actions": 'Regenerate Files' when completed or completed_with_errors with something processed. */
export const canRegenerateFiles = (order: Pick<BulkOrder, 'status' | 'processedCount'>): boolean =>
  (order.status === 'completed' || order.status === 'completed_with_errors') && order.processedCount > 0;

/**
 * The Downloads column tells a stuck build to 'Use Force Recovery' and a failed one to 'Try Again': both get the
 * button that does it (the same rebuild as Regenerate Files; the server refuses while a build is really running).
 */
export const forceRecoveryLabel = (order: Pick<BulkOrder, 'status'>): string | null =>
  order.status === 'generating_files' ? 'Force Recovery' : order.status === 'recovery_failed' ? 'Try Again' : null;

export type DownloadsCell = { kind: 'text'; text: string; tone: 'muted' | 'warning' | 'error' } | { kind: 'files'; files: BulkFileKind[] };

type FileFields = Pick<BulkOrder, 'status' | 'pdfName' | 'zplName' | 'resultCSVName' | 'autoConfirmCSVName'>;

/** The files a batch has, in button order. */
export const availableFiles = (order: Omit<FileFields, 'status'>): BulkFileKind[] => {
  const files: BulkFileKind[] = [];
  if (order.pdfName) files.push('pdf');
  if (order.zplName) files.push('zpl');
  if (order.resultCSVName) files.push('result-csv');
  if (order.autoConfirmCSVName) files.push('auto-csv');
  return files;
};

/** Spec 4 "Downloads column". */
export const downloadsCell = (order: FileFields): DownloadsCell => {
  if (order.status === 'generating_files') return { kind: 'text', text: 'Files Generation Stuck - Use Force Recovery', tone: 'warning' };
  if (order.status === 'recovery_failed') return { kind: 'text', text: 'Recovery Failed - Try Again', tone: 'error' };
  if (!FINAL_BULK_STATUSES.includes(order.status)) return { kind: 'text', text: 'Processing...', tone: 'muted' };
  const files = availableFiles(order);
  if (files.length === 0) return { kind: 'text', text: 'No files available', tone: 'muted' };
  return { kind: 'files', files };
};

/** 'View labels' (the batch detail view, where labels are tracked and voided): a finished batch that bought at least one label. */
export const canViewLabels = (order: Pick<BulkOrder, 'status' | 'processedCount'>): boolean =>
  (order.status === 'completed' || order.status === 'completed_with_errors') && order.processedCount > 0;

/** "4 labels · 4 bought", then what became of the bought ones since: "· 3 voided · 1 voiding". */
export const batchCountsLine = (order: Pick<BulkOrder, 'totalCount' | 'processedCount'> & Partial<Pick<BulkOrder, 'voids'>>): string => {
  const parts = [`${order.totalCount.toLocaleString('en-US')} ${order.totalCount === 1 ? 'label' : 'labels'}`, `${order.processedCount.toLocaleString('en-US')} bought`];
  if (order.voids?.voided) parts.push(`${order.voids.voided.toLocaleString('en-US')} voided`);
  if (order.voids?.pending) parts.push(`${order.voids.pending.toLocaleString('en-US')} voiding`);
  return parts.join(' · ');
};

/** Under the price: the money of voided labels back on the balance, and that of voids the carrier has not settled. */
export const batchMoneyBackLine = (voids: BulkOrder['voids']): string | null => {
  if (!voids) return null;
  const parts = [...(voids.voidedCents > 0 ? [`${formatCents(voids.voidedCents)} back on balance`] : []), ...(voids.pendingCents > 0 ? [`${formatCents(voids.pendingCents)} pending`] : [])];
  return parts.length > 0 ? parts.join(' · ') : null;
};
