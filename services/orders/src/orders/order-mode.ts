import type { ApiMode } from '@labeldesk/contracts';
import { keyModeOf, listedMode } from '../common';

export { keyModeOf, listedMode };

/**
 * The Idempotency-Key as an order keeps it (decision 119): a test-mode order's under `test:`, so the same key sent with
 * a live and a test key names two orders; a live order's as sent, as before test mode.
 */
export const storedKeyOf = (mode: ApiMode, idempotencyKey: string): string => (mode === 'test' ? `test:${idempotencyKey}` : idempotencyKey);
