import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { HandlerPolicy } from '@labeldesk/contracts';
import { enforceHandlerAccess } from './handler-access';

const policy = (who: HandlerPolicy['who'], more: Partial<HandlerPolicy> = {}): HandlerPolicy => ({ who, scope: null, services: [], ...more });
const user: Caller = { userId: 'u-1', role: 'user' };
const key = (scopes: string[]): Caller => ({ ...user, authMethod: 'api_key', scopes });
const outcome = (run: () => void): string => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('enforceHandlerAccess', () => {
  it('lets anyone, even no caller, call a public handler', () => {
    expect(outcome(() => enforceHandlerAccess(policy('public'), null, {}))).toBe('allowed');
  });

  it('refuses no caller and a visitor on a handler for users, and takes a visitor where visitors are declared', () => {
    expect(outcome(() => enforceHandlerAccess(policy('signed-in'), null, {}))).toBe(ErrorCode.UNAUTHENTICATED);
    expect(outcome(() => enforceHandlerAccess(policy('signed-in'), { visitor: true }, {}))).toBe(ErrorCode.UNAUTHENTICATED);
    expect(outcome(() => enforceHandlerAccess(policy('visitor'), { visitor: true }, {}))).toBe('allowed');
    expect(outcome(() => enforceHandlerAccess(policy('visitor'), user, {}))).toBe('allowed');
  });

  it('takes a service only when the policy lists it, and no user on a handler for services only', () => {
    const forOrders = policy('services', { services: ['orders'] });
    expect(outcome(() => enforceHandlerAccess(forOrders, { service: 'orders' }, {}))).toBe('allowed');
    expect(outcome(() => enforceHandlerAccess(forOrders, { service: 'pricing' }, {}))).toBe(ErrorCode.FORBIDDEN);
    expect(outcome(() => enforceHandlerAccess(forOrders, { ...user, role: 'admin' }, {}))).toBe(ErrorCode.FORBIDDEN);
    expect(outcome(() => enforceHandlerAccess(policy('signed-in'), { service: 'orders' }, {}))).toBe(ErrorCode.FORBIDDEN);
  });

  it('checks the owner named by a request field, and an API key against the declared scope', () => {
    const own = policy({ selfOrAdmin: 'userId' }, { scope: 'labels:read' });
    expect(outcome(() => enforceHandlerAccess(own, user, { userId: 'u-1' }))).toBe('allowed');
    expect(outcome(() => enforceHandlerAccess(own, user, { userId: 'u-2' }))).toBe(ErrorCode.FORBIDDEN);
    expect(outcome(() => enforceHandlerAccess(own, user, {}))).toBe(ErrorCode.FORBIDDEN);
    expect(outcome(() => enforceHandlerAccess(own, key(['labels:read']), { userId: 'u-1' }))).toBe('allowed');
    expect(outcome(() => enforceHandlerAccess(own, key(['labels:buy']), { userId: 'u-1' }))).toBe(ErrorCode.AUTH_SCOPE_MISSING);
    expect(outcome(() => enforceHandlerAccess(policy('signed-in'), key(['labels:read']), {}))).toBe(ErrorCode.AUTH_SCOPE_MISSING);
    expect(outcome(() => enforceHandlerAccess(policy('visitor'), key(['labels:read']), {}))).toBe(ErrorCode.AUTH_SCOPE_MISSING);
  });
});
