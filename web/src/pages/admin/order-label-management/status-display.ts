import type { AdminOrderRow, BulkStatus, OrderStatus } from '@labeldesk/contracts';
import { batchStatusDisplay, type StatusDisplay } from '../../main/batch-orders/batch-order-display';

const SINGLE: Record<OrderStatus, StatusDisplay> = {
  pending: { tone: 'pending', text: 'Pending' },
  completed: { tone: 'completed', text: 'Completed' },
  cancelled: { tone: 'cancelled', text: 'Cancelled' },
};

const isOrderStatus = (status: string): status is OrderStatus => status in SINGLE;

/** The same colours and words the customer sees: Orders for single labels, Batch Orders for batches. */
export const adminStatusDisplay = (row: Pick<AdminOrderRow, 'kind' | 'status' | 'labels' | 'failedCount'>): StatusDisplay => {
  if (row.kind === 'single') return isOrderStatus(row.status) ? SINGLE[row.status] : { tone: 'processing', text: row.status };
  return batchStatusDisplay({ status: row.status as BulkStatus, processedCount: row.labels, failedCount: row.failedCount, stuckAt: null });
};

/** Filter choices, in the order an operator thinks of them. */
export const STATUS_CHOICES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'pending', label: 'Pending (single)' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled (single)' },
  { value: 'processing', label: 'Processing (batch)' },
  { value: 'retrying_failed', label: 'Retrying failed labels (batch)' },
  { value: 'generating_files', label: 'Files generation stuck (batch)' },
  { value: 'completed_with_errors', label: 'Completed with errors (batch)' },
  { value: 'failed', label: 'Failed (batch)' },
  { value: 'processing_error', label: 'Processing error (batch)' },
  { value: 'retry_processing_error', label: 'Retry processing error (batch)' },
  { value: 'recovery_failed', label: 'Recovery failed (batch)' },
];
