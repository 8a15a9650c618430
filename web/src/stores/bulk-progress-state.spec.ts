import type { BulkOrder, BulkRetryResponse } from '@labeldesk/contracts';
import { bulkOrderFixture } from '../testing/bulk-order-fixture';
import { initialBulkProgress, initializedProgress, progressedState, resumedProgress, retriedState } from './bulk-progress-state';

const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);

const order = (overrides: Partial<BulkOrder> = {}): BulkOrder => bulkOrderFixture(overrides, NOW);

describe("the bulk progress widget's state changes", () => {
  it('opens a newly submitted batch as the modal with its clock at zero', () => {
    expect(initializedProgress({ orderId: 'o1', totalCount: 12 }, NOW)).toMatchObject({ orderId: 'o1', totalCount: 12, startTime: NOW, elapsedTime: 0, isVisible: true, isMinimized: false });
  });

  it('times a batch found on the server from its creation, keeping the panel folded if it was', () => {
    const resumed = resumedProgress({ ...initialBulkProgress, isMinimized: true }, order(), NOW);
    expect(resumed).toMatchObject({ orderId: 'batch-1', processedCount: 40, elapsedTime: 90, isVisible: true, isMinimized: true });
  });

  it("ignores another batch's progress", () => {
    const tracked = initializedProgress({ orderId: 'o1', totalCount: 12 }, NOW);
    expect(progressedState(tracked, { orderId: 'o2', status: 'completed', processedCount: 1, failedCount: 0, totalCount: 1 }, NOW)).toBeNull();
  });

  it('keeps the current status when an event names one it does not know', () => {
    const tracked = initializedProgress({ orderId: 'o1', totalCount: 12 }, NOW);
    expect(progressedState(tracked, { orderId: 'o1', status: 'moon-phase', processedCount: 5, failedCount: 1, totalCount: 0 }, NOW)).toMatchObject({
      orderStatus: 'processing',
      processedCount: 5,
      failedCount: 1,
      totalCount: 12,
    });
  });

  it("ends the retry when its answer says the batch is final, with the answer's counts", () => {
    const retrying = { ...initializedProgress({ orderId: 'o1', totalCount: 12 }, NOW), isRetrying: true };
    const result: BulkRetryResponse = {
      message: 'Retry finished',
      status: 'completed',
      finalProcessedCount: 12,
      finalFailedCount: 0,
      updatedTotalCount: 12,
      newlySuccessfulCount: 2,
      fileData: { pdfName: 'o1.pdf' },
    };
    expect(retriedState(retrying, result, NOW)).toMatchObject({ isRetrying: false, processedCount: 12, failedCount: 0, endTime: NOW });
  });
});
