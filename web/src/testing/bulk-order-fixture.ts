import type { BulkOrder } from '@labeldesk/contracts';

/** A batch of 200 labels, 40 bought, created 90 s before `now` and last updated at `now`. */
export const bulkOrderFixture = (overrides: Partial<BulkOrder> = {}, now: number = Date.now()): BulkOrder => ({
  _id: 'batch-1',
  status: 'processing',
  createdAt: new Date(now - 90_000).toISOString(),
  updatedAt: new Date(now).toISOString(),
  totalCount: 200,
  processedCount: 40,
  failedCount: 0,
  failedLabels: [],
  bulkOrderData: { cost: 0, quotedCost: 1000, labelFormat: '4x6', sortBySku: false },
  pdfName: null,
  resultCSVName: null,
  autoConfirmCSVName: null,
  stuckAt: null,
  ...overrides,
});
