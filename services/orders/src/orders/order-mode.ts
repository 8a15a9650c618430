import { DomainError, ErrorCode, type ApiMode, type Caller } from '@labeldesk/contracts';
import { keyModeOf } from '../common';

export { keyModeOf };

/**
 * Which mode's orders a list answers: a session's choice (live when it names none); a key's own mode, whatever it
 * asks: a key naming the other mode is refused naming the field, so a test key never reads live labels nor a live
 * key test ones.
 */
export const listedMode = (caller: Caller, asked: ApiMode | undefined): ApiMode => {
  const bound = keyModeOf(caller);
  if (bound === undefined) return asked ?? 'live';
  if (asked !== undefined && asked !== bound) {
    const message = `mode=${asked} is not for this key: a ${bound} key (ld_${bound}_…) lists ${bound} shipments only`;
    throw new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'mode', message }]);
  }
  return bound;
};

/**
 * The Idempotency-Key as an order keeps it (decision 119): a test-mode order's under `test:`, so the same key sent with
 * a live and a test key names two orders; a live order's as sent, as before test mode.
 */
export const storedKeyOf = (mode: ApiMode, idempotencyKey: string): string => (mode === 'test' ? `test:${idempotencyKey}` : idempotencyKey);
