import { ErrorCode, type AnyCaller } from '@labeldesk/contracts';
import { enforceHandlerAccess, handlerCallersOf } from '@labeldesk/nest-transport';
import { ShippingServicePricingController } from './shipping-service-pricing.controller';

const CUSTOMER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const ADMIN = 'a1b2c3d4-0000-4000-8000-000000000000';

const handlers = handlerCallersOf(ShippingServicePricingController);

const answerOf = (method: string, caller: AnyCaller): string => {
  const policy = handlers.find((handler) => handler.where.split('.')[1] === method)?.policy;
  if (!policy) throw new Error(`${method} declares no policy`);
  try {
    enforceHandlerAccess(policy, caller, { userId: CUSTOMER });
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe.each(['setDefaultPricing', 'setUserPricing'])('ShippingServicePricingController.%s', (method) => {
  it('answers an admin only: not the customer whose prices they are, an API key, an admin without two factors or a service', () => {
    const askers: AnyCaller[] = [
      { userId: ADMIN, role: 'admin' },
      { userId: CUSTOMER, role: 'user' },
      { userId: ADMIN, role: 'admin', authMethod: 'api_key', scopes: ['labels:buy'] },
      { userId: ADMIN, role: 'admin', adminPowersWithheld: true },
      { service: 'orders' },
    ];
    expect(askers.map((caller) => answerOf(method, caller))).toEqual([
      'allowed',
      ErrorCode.FORBIDDEN,
      ErrorCode.AUTH_SCOPE_MISSING,
      ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED,
      ErrorCode.FORBIDDEN,
    ]);
  });
});
