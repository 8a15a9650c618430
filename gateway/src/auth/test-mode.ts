import { SetMetadata } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';

export const TEST_MODE_READY = 'labeldesk:test-mode-ready';

/**
 * The route acts in the caller's mode (decision 110): a test key's request reads and moves only test labels and the
 * test balance there. Every other route refuses a test key, so a route not yet made mode-aware can never spend live
 * money or show live labels to one.
 */
export const TestModeReady = () => SetMetadata(TEST_MODE_READY, true);

export const TEST_MODE_NOT_READY = 'This route does not take test keys (ld_test_…) yet: it would act on live labels or money. Use a live key.';

/** A test-mode caller on a route that is not test-mode ready: 403, before anything is asked or moved. */
export const refuseTestModeUnlessReady = (caller: Caller, ready: boolean): void => {
  if (caller.mode === 'test' && !ready) throw new DomainError(ErrorCode.FORBIDDEN, TEST_MODE_NOT_READY);
};
