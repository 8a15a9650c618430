import { formatElapsed, isFinalizing, progressPercent, progressTitle, progressTone } from './progress-display';
import type { TitleInput } from './progress-display';

const base: TitleInput = { status: 'processing', processedCount: 0, failedCount: 0, totalCount: 10, hasFiles: false, error: null, statusError: null };

describe('formatElapsed', () => {
  it('shows mm:ss below one hour', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(7)).toBe('00:07');
    expect(formatElapsed(65)).toBe('01:05');
    expect(formatElapsed(3599)).toBe('59:59');
  });

  it('shows h:mm:ss from one hour', () => {
    expect(formatElapsed(3600)).toBe('1:00:00');
    expect(formatElapsed(3661)).toBe('1:01:01');
    expect(formatElapsed(36_000 + 59)).toBe('10:00:59');
  });

  it('never goes negative or breaks on nonsense', () => {
    expect(formatElapsed(-5)).toBe('00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00');
    expect(formatElapsed(59.9)).toBe('00:59');
  });
});

describe('progressPercent', () => {
  it('is processed over total, rounded', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(200, 200)).toBe(100);
  });

  it('is 0 with no total and never above 100', () => {
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(12, 10)).toBe(100);
  });
});

describe('progressTone', () => {
  it('follows spec 4 bar colours', () => {
    expect(progressTone('failed', false)).toBe('failed');
    expect(progressTone('processing_error', false)).toBe('failed');
    expect(progressTone('processing', true)).toBe('failed');
    expect(progressTone('completed_with_errors', false)).toBe('pending');
    expect(progressTone('completed', false)).toBe('completed');
    expect(progressTone('processing', false)).toBe('processing');
    expect(progressTone('retrying_failed', false)).toBe('processing');
    expect(progressTone('generating_files', false)).toBe('processing');
  });
});

describe('progressTitle', () => {
  it('uses the spec titles for each status', () => {
    expect(progressTitle({ ...base, status: 'completed', processedCount: 10, hasFiles: true })).toBe('Order Processed Successfully!');
    expect(progressTitle({ ...base, status: 'completed_with_errors', processedCount: 8, failedCount: 2, hasFiles: true })).toBe(
      'Order Processed With 2 Failed Label(s)',
    );
    expect(progressTitle({ ...base, status: 'failed', failedCount: 10 })).toBe('Order Processing Failed!');
    expect(progressTitle({ ...base, status: 'retrying_failed', failedCount: 3 })).toBe('Retrying 3 Failed Label(s)...');
    expect(progressTitle({ ...base, status: 'retrying_failed', failedCount: 0, retryingCount: 3 })).toBe('Retrying 3 Failed Label(s)...');
    expect(progressTitle({ ...base, processedCount: 4 })).toBe('Processing Bulk Order');
  });

  it('says Finalizing Order... when every label is done but no files exist yet', () => {
    expect(progressTitle({ ...base, processedCount: 9, failedCount: 1 })).toBe('Finalizing Order...');
    expect(progressTitle({ ...base, status: 'generating_files', processedCount: 10 })).toBe('Finalizing Order...');
    expect(isFinalizing({ ...base, processedCount: 10, hasFiles: true })).toBe(false);
    expect(isFinalizing({ ...base, totalCount: 0 })).toBe(false);
  });

  it('uses the error modal titles', () => {
    expect(progressTitle({ ...base, error: 'boom' })).toBe('Order Processing Failed!');
    expect(progressTitle({ ...base, status: 'processing_error' })).toBe('Order Processing Failed!');
    expect(progressTitle({ ...base, statusError: 'no status' })).toBe('Status Update Failed');
  });
});
