import { batchLabelsDescription, selectionSummary } from './batch-labels-text';

describe("the batch labels page's header line", () => {
  it("names the batch's date, its labels and their cost once the batch is read", () => {
    const createdAt = new Date(2026, 0, 5, 9, 30).toISOString();
    expect(batchLabelsDescription({ createdAt, processedCount: 1_250, bulkOrderData: { cost: 987_650 } })).toBe(
      'Batch of 05-01-2026 09:30: 1,250 labels bought for $9,876.50. Track a label, or void the ones you will not use.',
    );
  });

  it('says only what the page is for while the batch is being read', () => {
    expect(batchLabelsDescription(undefined)).toBe('Track a label, or void the ones you will not use.');
  });
});

describe("the selection bar's line", () => {
  it('tells how to start while nothing is selected', () => {
    expect(selectionSummary(0, 0)).toBe('Select labels that have not been scanned yet to void them.');
  });

  it('counts the selected labels and totals their price', () => {
    expect(selectionSummary(3, 1_575)).toBe('3 selected · $15.75');
  });
});
