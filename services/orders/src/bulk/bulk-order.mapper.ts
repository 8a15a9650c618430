import { bulkFileData, type BatchVoids, type BulkFileData, type BulkOrder, type FailedLabel } from '@labeldesk/contracts';
import type { BulkOrderRow, FailedItemRow } from './bulk.rows';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The files part of a progress event or a reply: only names that exist. */
export const fileDataOf = (row: BulkOrderRow): BulkFileData =>
  bulkFileData({ ...labelsFileNames(row), resultCSVName: row.result_csv_name, autoConfirmCSVName: row.auto_confirm_csv_name });

/** The wire names a batch's labels file by its format (decision 047): a `zpl` batch's pdf_name is its zplName, the others' their pdfName. */
export const labelsFileNames = (row: { label_format: string | null; pdf_name: string | null }): { pdfName: string | null; zplName: string | null } =>
  row.label_format === 'zpl' ? { pdfName: null, zplName: row.pdf_name } : { pdfName: row.pdf_name, zplName: null };

export const toFailedLabel = (item: FailedItemRow): FailedLabel => ({
  row: item.row_no + 1,
  itemId: item.id,
  orderId: item.order_id,
  orderItemId: item.order_item_id,
  skuNumber: item.sku_number,
  recipient: item.recipient ?? '',
  error: item.error ?? 'Unknown error',
});

/** Spec 3 "Batch/bulk order". */
export const toBulkOrder = (row: BulkOrderRow, failed: readonly FailedItemRow[], voids?: BatchVoids): BulkOrder => ({
  _id: row.id,
  status: row.status,
  createdAt: iso(row.created_at) ?? '',
  updatedAt: iso(row.updated_at) ?? '',
  totalCount: row.total_count,
  processedCount: row.processed_count,
  failedCount: row.failed_count,
  failedLabels: failed.map(toFailedLabel),
  bulkOrderData: {
    cost: Number(row.charged_cents),
    quotedCost: Number(row.quoted_cents),
    labelFormat: row.label_format,
    sortBySku: row.sort_by_sku,
    // Only a batch with rows under a rate rule says what they saved (decision 086).
    ...(row.quoted_saved_cents == null ? {} : { savedCents: Number(row.saved_cents ?? 0), quotedSavedCents: Number(row.quoted_saved_cents) }),
  },
  ...labelsFileNames(row),
  resultCSVName: row.result_csv_name,
  autoConfirmCSVName: row.auto_confirm_csv_name,
  stuckAt: iso(row.stuck_at),
  mode: row.mode,
  ...(voids ? { voids } : {}),
});
