import { authMethodOf, type ApiMode, type Caller } from '@labeldesk/contracts';

/**
 * The mode an API key is bound to (decision 119): test for an `ld_test_` key, live for an `ld_live_` one. A session (or
 * an admin's login-as) is bound to none: the web app reads either mode, live unless it asks for test. Here, below every
 * feature, so batches (decision 124) and orders read it alike.
 */
export const keyModeOf = (caller: Caller): ApiMode | undefined => (caller.mode === 'test' ? 'test' : authMethodOf(caller) === 'api_key' ? 'live' : undefined);
