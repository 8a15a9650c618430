import { ErrorCode, type Caller } from '@labeldesk/contracts';
import { enforceHandlerAccess, handlerCallersOf } from '@labeldesk/nest-transport';
import { TwoFactorController } from './two-factor.controller';

const CUSTOMER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const loginAs: Caller = { userId: CUSTOMER, role: 'user', authMethod: 'login_as', impersonatorId: '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b' };
const ownSession: Caller = { userId: CUSTOMER, role: 'user', authMethod: 'session' };

const handlers = new Map(handlerCallersOf(TwoFactorController).map((handler) => [handler.where.split('.')[1], handler.policy]));
const policyOf = (method: string) => {
  const policy = handlers.get(method);
  if (!policy) throw new Error(`${method} declares no policy`);
  return policy;
};

/**
 * Auth refuses a login-as session what would leave the admin holding the customer's second factor, or the customer
 * locked out (decision 069), whichever process calls it: the gateway's holder-only routes are not the only check.
 */
describe('two-factor handlers, for a login-as session', () => {
  it.each(['onSetup', 'onEnable', 'onDisable', 'onRecoveryCodes'])('%s refuses it with AUTH_LOGIN_AS_REFUSED, and takes the customer\'s own session', (method) => {
    expect(() => enforceHandlerAccess(policyOf(method), loginAs, {})).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_LOGIN_AS_REFUSED }));
    expect(() => enforceHandlerAccess(policyOf(method), ownSession, {})).not.toThrow();
  });

  it('still shows it whether two-factor sign-in is on', () => {
    expect(() => enforceHandlerAccess(policyOf('onStatus'), loginAs, {})).not.toThrow();
  });
});
