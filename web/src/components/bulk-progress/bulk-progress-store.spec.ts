import type { BulkOrder } from '@labeldesk/contracts';
import { bulkOrderFixture } from '../../testing/bulk-order-fixture';
import { installMemoryLocalStorage } from '../../testing/memory-local-storage';

const memory = installMemoryLocalStorage();

type StoreModule = typeof import('../../stores/bulk-progress.store');
type AuthModule = typeof import('../../stores/auth.store');
let store: StoreModule;
let auth: AuthModule;

beforeAll(async () => {
  store = await import('../../stores/bulk-progress.store');
  auth = await import('../../stores/auth.store');
});

const state = () => store.useBulkProgressStore.getState();

const batch = (overrides: Partial<BulkOrder> = {}): BulkOrder => bulkOrderFixture(overrides);

beforeEach(() => {
  state().reset();
  state().setMinimized(false);
});

describe('useBulkProgressStore', () => {
  it('initialize sets the batch, clears errors and the retrying flag, shows the panel and starts the clock', () => {
    state().setError('old');
    state().setRetryError('old');
    state().setStatusError('old');
    state().setRetrying(true);
    const before = Date.now();
    state().initialize({ orderId: 'o1', totalCount: 12 });
    const s = state();
    expect(s).toMatchObject({
      orderId: 'o1',
      totalCount: 12,
      orderStatus: 'processing',
      processedCount: 0,
      failedCount: 0,
      error: null,
      retryError: null,
      statusError: null,
      isRetrying: false,
      isVisible: true,
      endTime: null,
    });
    expect(s.startTime).toBeGreaterThanOrEqual(before);
  });

  it('persists the order id and start time for a reload', () => {
    state().initialize({ orderId: 'o-persist', totalCount: 5 });
    const saved = JSON.parse(memory.get('labeldesk.bulk-progress') ?? '{}') as { state?: Record<string, unknown> };
    expect(saved.state).toMatchObject({ orderId: 'o-persist', totalCount: 5, isVisible: true });
    expect(typeof saved.state?.['startTime']).toBe('number');
  });

  it('applies progress for its own order only', () => {
    state().initialize({ orderId: 'o1', totalCount: 10 });
    state().applyProgress({ orderId: 'other', processedCount: 9, failedCount: 0, status: 'processing', totalCount: 10 });
    expect(state().processedCount).toBe(0);
    state().applyProgress({ orderId: 'o1', processedCount: 4, failedCount: 1, status: 'processing', totalCount: 10 });
    expect(state()).toMatchObject({ processedCount: 4, failedCount: 1, orderStatus: 'processing' });
  });

  it('stops the timer when files are present and the status is completed', () => {
    state().initialize({ orderId: 'o1', totalCount: 2, startTime: Date.now() - 5_000 });
    state().applyProgress({ orderId: 'o1', processedCount: 2, failedCount: 0, status: 'completed', totalCount: 2 });
    // Completed but no files yet: the clock still runs.
    expect(state().endTime).toBeNull();
    state().applyProgress({
      orderId: 'o1',
      processedCount: 2,
      failedCount: 0,
      status: 'completed',
      totalCount: 2,
      fileData: { pdfName: 'p.pdf', resultCSVName: 'r.csv', autoConfirmCSVName: 'a.tsv' },
    });
    const s = state();
    expect(s.endTime).not.toBeNull();
    expect(s.fileData).toEqual({ pdfName: 'p.pdf', resultCSVName: 'r.csv', autoConfirmCSVName: 'a.tsv' });
    expect(store.isBulkDone(s.orderStatus, s.fileData)).toBe(true);
    const frozen = s.elapsedTime;
    state().tick(Date.now() + 60_000);
    expect(state().elapsedTime).toBe(frozen);
  });

  it('recomputes elapsed seconds from the start time', () => {
    const start = Date.now() - 10_000;
    state().initialize({ orderId: 'o1', totalCount: 2, startTime: start });
    state().tick(start + 65_400);
    expect(state().elapsedTime).toBe(65);
  });

  it('turns a failed status into the spec error texts', () => {
    state().initialize({ orderId: 'o1', totalCount: 3 });
    state().applyProgress({ orderId: 'o1', processedCount: 0, failedCount: 3, status: 'failed', totalCount: 3 });
    expect(state().error).toBe('3 label(s) failed to process. Please check the error logs.');
    state().applyProgress({ orderId: 'o1', processedCount: 0, failedCount: 0, status: 'processing_error', totalCount: 3 });
    expect(state().error).toBe('An error occurred while processing your order.');
  });

  it('lets the panel close only on a final status or an error, never while retrying', () => {
    state().initialize({ orderId: 'o1', totalCount: 3 });
    expect(store.canCloseBulkProgress(state())).toBe(false);
    state().setStatusError('lost');
    expect(store.canCloseBulkProgress(state())).toBe(true);
    state().setStatusError(null);
    state().applyProgress({ orderId: 'o1', processedCount: 2, failedCount: 1, status: 'completed_with_errors', totalCount: 3 });
    expect(store.canCloseBulkProgress(state())).toBe(true);
    state().setRetrying(true);
    expect(store.canCloseBulkProgress(state())).toBe(false);
    state().applyProgress({ orderId: 'o1', processedCount: 2, failedCount: 1, status: 'retrying_failed', totalCount: 3 });
    expect(state().isRetrying).toBe(true);
    state().applyProgress({ orderId: 'o1', processedCount: 3, failedCount: 0, status: 'completed', totalCount: 3 });
    expect(state().isRetrying).toBe(false);
    expect(store.canCloseBulkProgress(state())).toBe(true);
  });

  it('applies a retry result', () => {
    state().initialize({ orderId: 'o1', totalCount: 3, status: 'completed_with_errors', processedCount: 1, failedCount: 2 });
    state().setRetrying(true);
    state().applyRetryResult({
      message: 'done',
      fileData: { pdfName: 'p2.pdf', resultCSVName: 'r2.csv', autoConfirmCSVName: 'a2.tsv' },
      finalProcessedCount: 2,
      finalFailedCount: 1,
      status: 'completed_with_errors',
      updatedTotalCount: 3,
      newlySuccessfulCount: 1,
    });
    expect(state()).toMatchObject({ processedCount: 2, failedCount: 1, isRetrying: false, orderStatus: 'completed_with_errors' });
    expect(state().fileData?.pdfName).toBe('p2.pdf');
  });

  it('resumes a batch from the server after a reload, timing it from its creation', () => {
    const order = batch();
    state().resume(order);
    const s = state();
    expect(s).toMatchObject({ orderId: 'batch-1', totalCount: 200, processedCount: 40, isVisible: true, orderStatus: 'processing' });
    expect(s.startTime).toBe(Date.parse(order.createdAt));
    expect(s.elapsedTime).toBeGreaterThanOrEqual(89);
  });

  it('resuming a finished batch shows its files and stops the clock', () => {
    state().resume(batch({ status: 'completed', processedCount: 200, pdfName: 'p.pdf', resultCSVName: 'r.csv', autoConfirmCSVName: 'a.tsv' }));
    expect(state().fileData).toEqual({ pdfName: 'p.pdf', resultCSVName: 'r.csv', autoConfirmCSVName: 'a.tsv' });
    expect(state().endTime).not.toBeNull();
  });

  it('reset returns everything to the initial values; a new session forgets the batch', () => {
    state().initialize({ orderId: 'o1', totalCount: 3 });
    state().reset();
    expect(state()).toMatchObject(store.initialBulkProgress);
    state().initialize({ orderId: 'o2', totalCount: 3 });
    auth.useAuthStore.setState({ token: 'another-token' });
    expect(state().orderId).toBeNull();
  });
});

describe('retrying', () => {
  beforeEach(() => state().reset());

  it('keeps the retry on when a late event still says completed_with_errors', () => {
    state().initialize({ orderId: 'o1', totalCount: 3, status: 'completed_with_errors', processedCount: 1, failedCount: 2 });
    state().setRetrying(true);
    state().applyProgress({ orderId: 'o1', processedCount: 1, failedCount: 2, status: 'completed_with_errors', totalCount: 3 });
    expect(state().isRetrying).toBe(true);
    expect(state().endTime).toBeNull();
  });

  it('stops the clock when the retry fails', () => {
    state().initialize({ orderId: 'o1', totalCount: 3, status: 'completed_with_errors', processedCount: 1, failedCount: 2 });
    state().setRetrying(true);
    state().setRetryError('An error occurred during the retry attempt.');
    expect(state()).toMatchObject({ isRetrying: false, retryError: 'An error occurred during the retry attempt.' });
    expect(state().endTime).not.toBeNull();
  });

  it('counts the labels being retried, though the server reports 0 failed once the retry starts', () => {
    state().initialize({ orderId: 'o1', totalCount: 10, status: 'completed_with_errors', processedCount: 7, failedCount: 3 });
    state().setRetrying(true);
    state().applyProgress({ orderId: 'o1', processedCount: 7, failedCount: 0, status: 'retrying_failed', totalCount: 10 });
    expect(state()).toMatchObject({ isRetrying: true, retryingCount: 3, failedCount: 0 });
    state().applyProgress({ orderId: 'o1', processedCount: 9, failedCount: 1, status: 'completed_with_errors', totalCount: 10 });
    expect(state()).toMatchObject({ isRetrying: false, retryingCount: null });
  });

  it('counts a retry found running after a reload as the labels not yet bought nor failed again', () => {
    state().resume(batch({ _id: 'o2', status: 'retrying_failed', totalCount: 10, processedCount: 6, failedCount: 1 }));
    expect(state()).toMatchObject({ isRetrying: true, retryingCount: 3 });
  });
});
