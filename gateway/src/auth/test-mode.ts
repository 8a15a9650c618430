import { SetMetadata } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';

export const TEST_MODE_READY = 'labeldesk:test-mode-ready';

/**
 * The route acts in the caller's mode (decision 110): a test key's request reads and moves only test labels and the
 * test balance there. Every other route refuses a test key, so a route not yet made mode-aware can never spend live
 * money or show live labels to one.
 */
export const TestModeReady = () => SetMetadata(TEST_MODE_READY, true);

/**
 * The route is the web app's and acts on live batches or prices only, and another route does the same in test mode
 * (decision 127): a test key is refused naming that route, e.g. `POST /api/v1/batches` for the Bulk Order routes.
 */
export const TestKeysUse = (route: string) => SetMetadata(TEST_MODE_READY, route);

export const TEST_MODE_NOT_READY = 'This route does not take test keys (ld_test_…) yet: it would act on live labels or money. Use a live key.';

/** The refusal of a test key on a live-only route that has a test-mode twin, naming the twin. */
export const testKeysUseMessage = (route: string): string =>
  `This route acts in live mode only and does not take test keys (ld_test_…): with a test key use ${route}, which acts in test mode.`;

/**
 * A test-mode caller on a route that is not test-mode ready: 403, before anything is asked or moved; the message names
 * the route to use when the route has a test-mode twin (`ready` is then that route).
 */
export const refuseTestModeUnlessReady = (caller: Caller, ready: boolean | string | undefined): void => {
  if (caller.mode !== 'test' || ready === true) return;
  throw new DomainError(ErrorCode.FORBIDDEN, typeof ready === 'string' ? testKeysUseMessage(ready) : TEST_MODE_NOT_READY);
};
