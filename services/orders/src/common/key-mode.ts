import { authMethodOf, DomainError, ErrorCode, type ApiMode, type Caller } from '@labeldesk/contracts';

/**
 * The mode an API key is bound to (decision 119): test for an `ld_test_` key, live for an `ld_live_` one. A session (or
 * an admin's login-as) is bound to none: the web app reads either mode, live unless it asks for test. Here, below every
 * feature, so batches (decision 124) and orders read it alike.
 */
export const keyModeOf = (caller: Caller): ApiMode | undefined => (caller.mode === 'test' ? 'test' : authMethodOf(caller) === 'api_key' ? 'live' : undefined);

/**
 * Which mode's orders, batches or claims a list answers (decisions 119, 124, 127): a session's choice (live when it names none); a key's own mode, whatever it
 * asks: a key naming the other mode is refused naming the field, so a test key never reads live labels nor a live
 * key test ones.
 */
export const listedMode = (caller: Caller, asked: ApiMode | undefined): ApiMode => {
  const bound = keyModeOf(caller);
  if (bound === undefined) return asked ?? 'live';
  if (asked !== undefined && asked !== bound) {
    const message = `mode=${asked} is not for this key: a ${bound} key (ld_${bound}_…) lists ${bound} ones only`;
    throw new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'mode', message }]);
  }
  return bound;
};
