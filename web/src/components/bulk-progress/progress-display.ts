import type { BulkStatus } from '@labeldesk/contracts';
import type { StatusTone } from '../../theme/system';

const pad = (value: number): string => String(value).padStart(2, '0');

/** Spec 4: mm:ss below one hour, h:mm:ss from then on. */
export const formatElapsed = (totalSeconds: number): string => {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
};

/** Spec 4: processed divided by total, rounded (0–100; 0 while the total is unknown). */
export const progressPercent = (processedCount: number, totalCount: number): number => {
  if (totalCount <= 0 || processedCount <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((processedCount / totalCount) * 100)));
};

const FAILURE_STATUSES: readonly BulkStatus[] = ['failed', 'processing_error', 'retry_processing_error', 'recovery_failed'];

export const isFailureStatus = (status: BulkStatus): boolean => FAILURE_STATUSES.includes(status);

/** Spec 4 bar colour: red on failure or error, yellow completed_with_errors, green completed, blue otherwise. */
export const progressTone = (status: BulkStatus, hasError: boolean): StatusTone => {
  if (hasError || isFailureStatus(status)) return 'failed';
  if (status === 'completed_with_errors') return 'pending';
  if (status === 'completed') return 'completed';
  return 'processing';
};

export interface TitleInput {
  status: BulkStatus;
  processedCount: number;
  failedCount: number;
  totalCount: number;
  hasFiles: boolean;
  error: string | null;
  statusError: string | null;
  /** While retrying: how many failed labels are bought again (the failed count itself drops to 0 meanwhile). */
  retryingCount?: number | null;
}

/** Every label bought or failed, but the files are not there yet. */
export const isFinalizing = ({ status, processedCount, failedCount, totalCount, hasFiles }: TitleInput): boolean =>
  status === 'generating_files' || (status === 'processing' && totalCount > 0 && processedCount + failedCount >= totalCount && !hasFiles);

/** Spec 4 "Titles", plus the modal titles of spec 8 for an error and for a status that could not be read. */
export const progressTitle = (input: TitleInput): string => {
  const { status, failedCount } = input;
  if (input.statusError) return 'Status Update Failed';
  if (input.error || isFailureStatus(status)) return 'Order Processing Failed!';
  switch (status) {
    case 'completed':
      return 'Order Processed Successfully!';
    case 'completed_with_errors':
      return `Order Processed With ${failedCount} Failed Label(s)`;
    case 'retrying_failed':
      return `Retrying ${input.retryingCount ?? failedCount} Failed Label(s)...`;
    default:
      return isFinalizing(input) ? 'Finalizing Order...' : 'Processing Bulk Order';
  }
};
