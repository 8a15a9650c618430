import { ErrorCode, type AnyCaller } from '@labeldesk/contracts';
import { enforceHandlerAccess, handlerCallersOf } from '@labeldesk/nest-transport';
import { ShippingServicesController } from './shipping-services.controller';

const OWNER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const STRANGER = 'a1b2c3d4-0000-4000-8000-000000000000';

const policies = new Map(handlerCallersOf(ShippingServicesController).map((handler) => [handler.where.split('.')[1], handler.policy]));

/** What CallerGuard answers a caller asking about the owner's services, from the access the handler's contract declares. */
const answerOf = (method: string, caller: AnyCaller): string => {
  const policy = policies.get(method);
  if (!policy) throw new Error(`${method} declares no policy`);
  try {
    enforceHandlerAccess(policy, caller, { userId: OWNER });
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

/** The handlers no longer repeat who may ask: their contracts declare it (decision 080). */
describe.each([
  { method: 'available', scope: 'labels:read' },
  { method: 'onQuote', scope: 'labels:buy' },
])('ShippingServicesController.$method', ({ method, scope }) => {
  it(`answers the user named (a key with ${scope} too), an admin and orders`, () => {
    const askers: AnyCaller[] = [
      { userId: OWNER, role: 'user' },
      { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: [scope] },
      { userId: STRANGER, role: 'admin' },
      { service: 'orders' },
    ];
    expect(askers.map((caller) => answerOf(method, caller))).toEqual(['allowed', 'allowed', 'allowed', 'allowed']);
  });

  it('refuses another customer, an admin without two factors, a key without the scope and another service', () => {
    const refused: AnyCaller[] = [
      { userId: STRANGER, role: 'user' },
      { userId: STRANGER, role: 'admin', adminPowersWithheld: true },
      { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: ['balance:read'] },
      { service: 'payments' },
    ];
    expect(refused.map((caller) => answerOf(method, caller))).toEqual([
      ErrorCode.FORBIDDEN,
      ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED,
      ErrorCode.AUTH_SCOPE_MISSING,
      ErrorCode.FORBIDDEN,
    ]);
  });
});
