import type { BulkOrder } from '@labeldesk/contracts';
import { availableFiles, batchCountsLine, batchMoneyBackLine, batchStatusDisplay, canRegenerateFiles, canRetryFailed, canViewLabels, downloadsCell, forceRecoveryLabel, stuckHours } from './batch-order-display';

const NOW = Date.parse('2026-05-10T12:00:00Z');

const order = (overrides: Partial<BulkOrder> = {}): BulkOrder => ({
  _id: 'b1',
  status: 'completed',
  createdAt: '2026-05-10T10:00:00Z',
  updatedAt: '2026-05-10T10:05:00Z',
  totalCount: 3,
  processedCount: 3,
  failedCount: 0,
  failedLabels: [],
  bulkOrderData: { cost: 1234, quotedCost: 1234, labelFormat: '4x6', sortBySku: false },
  pdfName: 'a.pdf',
  resultCSVName: 'a.csv',
  autoConfirmCSVName: 'a.tsv',
  stuckAt: null,
  ...overrides,
});

describe('batchStatusDisplay', () => {
  it('colours statuses per spec 4', () => {
    expect(batchStatusDisplay(order(), NOW)).toEqual({ tone: 'completed', text: 'Completed' });
    expect(batchStatusDisplay(order({ status: 'failed' }), NOW).tone).toBe('failed');
    expect(batchStatusDisplay(order({ status: 'processing' }), NOW).tone).toBe('processing');
    expect(batchStatusDisplay(order({ status: 'retrying_failed' }), NOW).tone).toBe('processing');
    expect(batchStatusDisplay(order({ status: 'retry_processing_error' }), NOW).tone).toBe('failed');
    expect(batchStatusDisplay(order({ status: 'recovery_failed' }), NOW).tone).toBe('failed');
  });

  it('shows generating_files as Files Generation Stuck in orange', () => {
    expect(batchStatusDisplay(order({ status: 'generating_files' }), NOW)).toEqual({ tone: 'stuck', text: 'Files Generation Stuck' });
  });

  it('appends the failed count to completed_with_errors', () => {
    expect(batchStatusDisplay(order({ status: 'completed_with_errors', processedCount: 2, failedCount: 1 }), NOW)).toEqual({
      tone: 'pending',
      text: 'Completed With Errors (1 failed)',
    });
  });

  it('asks for manual review of a processing_error with nothing done', () => {
    expect(batchStatusDisplay(order({ status: 'processing_error', processedCount: 0, failedCount: 0 }), NOW).text).toBe(
      'Processing Error - Manual Review Required',
    );
    expect(batchStatusDisplay(order({ status: 'processing_error', processedCount: 1, failedCount: 0 }), NOW).text).toBe('Processing Error');
  });

  it('appends (Stuck Nh ago) to error statuses with stuckAt', () => {
    const stuckAt = new Date(NOW - 5 * 3_600_000 - 60_000).toISOString();
    expect(batchStatusDisplay(order({ status: 'processing_error', processedCount: 0, failedCount: 0, stuckAt }), NOW).text).toBe(
      'Processing Error - Manual Review Required (Stuck 5h ago)',
    );
    expect(batchStatusDisplay(order({ status: 'recovery_failed', stuckAt }), NOW).text).toBe('Recovery Failed (Stuck 5h ago)');
    // Not an error status: no suffix even with stuckAt.
    expect(batchStatusDisplay(order({ status: 'generating_files', stuckAt }), NOW).text).toBe('Files Generation Stuck');
  });
});

describe('stuckHours', () => {
  it('is whole hours, or null without a readable date', () => {
    expect(stuckHours(null, NOW)).toBeNull();
    expect(stuckHours('not a date', NOW)).toBeNull();
    expect(stuckHours(new Date(NOW - 59 * 60_000).toISOString(), NOW)).toBe(0);
    expect(stuckHours(new Date(NOW + 60_000).toISOString(), NOW)).toBe(0);
  });
});

describe('actions', () => {
  it('offers Retry Failed only for completed_with_errors with failures and no retry running', () => {
    expect(canRetryFailed(order({ status: 'completed_with_errors', failedCount: 2 }), false)).toBe(true);
    expect(canRetryFailed(order({ status: 'completed_with_errors', failedCount: 2 }), true)).toBe(false);
    expect(canRetryFailed(order({ status: 'completed_with_errors', failedCount: 0 }), false)).toBe(false);
    expect(canRetryFailed(order({ status: 'failed', failedCount: 3 }), false)).toBe(false);
  });

  it('offers Force Recovery for a stuck build and Try Again after a failed recovery, and nothing else elsewhere', () => {
    expect(forceRecoveryLabel(order({ status: 'generating_files' }))).toBe('Force Recovery');
    expect(forceRecoveryLabel(order({ status: 'recovery_failed' }))).toBe('Try Again');
    expect(forceRecoveryLabel(order({ status: 'completed' }))).toBeNull();
    expect(forceRecoveryLabel(order({ status: 'processing' }))).toBeNull();
  });

  it('offers Regenerate Files for completed batches with something processed', () => {
    expect(canRegenerateFiles(order())).toBe(true);
    expect(canRegenerateFiles(order({ status: 'completed_with_errors', processedCount: 1 }))).toBe(true);
    expect(canRegenerateFiles(order({ processedCount: 0 }))).toBe(false);
    expect(canRegenerateFiles(order({ status: 'generating_files' }))).toBe(false);
    expect(canRegenerateFiles(order({ status: 'recovery_failed' }))).toBe(false);
  });
});

describe('downloadsCell', () => {
  it('uses the spec texts', () => {
    expect(downloadsCell(order({ status: 'generating_files' }))).toMatchObject({ text: 'Files Generation Stuck - Use Force Recovery' });
    expect(downloadsCell(order({ status: 'recovery_failed' }))).toMatchObject({ text: 'Recovery Failed - Try Again' });
    expect(downloadsCell(order({ status: 'processing' }))).toMatchObject({ text: 'Processing...' });
    expect(downloadsCell(order({ status: 'retrying_failed' }))).toMatchObject({ text: 'Processing...' });
    expect(
      downloadsCell(order({ status: 'processing_error', pdfName: null, resultCSVName: null, autoConfirmCSVName: null })),
    ).toMatchObject({ text: 'No files available' });
  });

  it('lists the files a finished batch has', () => {
    expect(downloadsCell(order())).toEqual({ kind: 'files', files: ['pdf', 'result-csv', 'auto-csv'] });
    expect(downloadsCell(order({ status: 'failed', resultCSVName: 'r.csv', pdfName: null, autoConfirmCSVName: null }))).toEqual({
      kind: 'files',
      files: ['result-csv'],
    });
    expect(availableFiles({ pdfName: null, resultCSVName: null, autoConfirmCSVName: 'x' })).toEqual(['auto-csv']);
  });

  it("lists a ZPL batch's labels file as Labels ZPL, in the place of the PDF", () => {
    expect(downloadsCell(order({ pdfName: null, zplName: 'Labels_1-1_x.zpl' }))).toEqual({ kind: 'files', files: ['zpl', 'result-csv', 'auto-csv'] });
  });
});

describe('canViewLabels', () => {
  it('opens the labels of a finished batch that bought some', () => {
    expect(canViewLabels(order({ status: 'completed', processedCount: 3 }))).toBe(true);
    expect(canViewLabels(order({ status: 'completed_with_errors', processedCount: 1 }))).toBe(true);
  });

  it('has nothing to open while a batch runs, when it failed, or when it bought nothing', () => {
    expect(canViewLabels(order({ status: 'processing', processedCount: 3 }))).toBe(false);
    expect(canViewLabels(order({ status: 'failed', processedCount: 0 }))).toBe(false);
    expect(canViewLabels(order({ status: 'completed', processedCount: 0 }))).toBe(false);
  });
});

describe('a batch whose labels were voided', () => {
  const finished = { status: 'completed' as const, totalCount: 4, processedCount: 4, failedCount: 0, stuckAt: null };

  it('no longer reads "4 bought · Completed" once every label is voided: the counts, the money back and the status say so', () => {
    const voids = { voided: 4, voidedCents: 2_850, pending: 0, pendingCents: 0 };
    expect(batchCountsLine({ ...finished, voids })).toBe('4 labels · 4 bought · 4 voided');
    expect(batchMoneyBackLine(voids)).toBe('$28.50 back on balance');
    expect(batchStatusDisplay({ ...finished, voids })).toEqual({ tone: 'neutral', text: 'All labels voided' });
  });

  it('says voids still with the carrier apart from the money back, and a batch being voided is not yet all voided', () => {
    const voids = { voided: 1, voidedCents: 850, pending: 3, pendingCents: 2_000 };
    expect(batchCountsLine({ ...finished, voids })).toBe('4 labels · 4 bought · 1 voided · 3 voiding');
    expect(batchMoneyBackLine(voids)).toBe('$8.50 back on balance · $20.00 pending');
    expect(batchStatusDisplay({ ...finished, voids })).toEqual({ tone: 'processing', text: 'Labels being voided' });
  });

  it('keeps its status while some labels are still live, and says nothing of voids when there are none', () => {
    const voids = { voided: 1, voidedCents: 850, pending: 0, pendingCents: 0 };
    expect(batchStatusDisplay({ ...finished, voids })).toEqual({ tone: 'completed', text: 'Completed' });
    expect(batchCountsLine(finished)).toBe('4 labels · 4 bought');
    expect(batchMoneyBackLine(undefined)).toBeNull();
  });
});
