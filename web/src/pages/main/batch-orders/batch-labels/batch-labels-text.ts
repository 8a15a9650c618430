import { formatCents, formatDateTime } from '../../../../libs/format';

/** What the header says of a batch (a BulkOrder has these). */
interface BatchFacts {
  createdAt: string;
  processedCount: number;
  bulkOrderData: { cost: number };
}

const WHAT_TO_DO = 'Track a label, or void the ones you will not use.';

/** The page header's line: the batch's date, labels and cost once it is read, then what the page is for. */
export const batchLabelsDescription = (batch: BatchFacts | undefined): string =>
  batch
    ? `Batch of ${formatDateTime(batch.createdAt)}: ${batch.processedCount.toLocaleString('en-US')} labels bought for ${formatCents(batch.bulkOrderData.cost)}. ${WHAT_TO_DO}`
    : WHAT_TO_DO;

/** The selection bar's line: how to start, or how many labels are picked and what they cost. */
export const selectionSummary = (count: number, cents: number): string =>
  count === 0 ? 'Select labels that have not been scanned yet to void them.' : `${count} selected · ${formatCents(cents)}`;
