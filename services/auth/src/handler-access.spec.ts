import type { Type } from '@nestjs/common';
import { ErrorCode, type AnyCaller, type Caller } from '@labeldesk/contracts';
import { enforceHandlerAccess, handlerCallersOf } from '@labeldesk/nest-transport';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { ReferralsController } from './referrals/referrals.controller';
import { SessionsController } from './sessions/sessions.controller';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { UserContactController } from './users/user-contact.controller';
import { UsersController } from './users/users.controller';

const ADMIN = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const CUSTOMER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const OTHER = 'a1b2c3d4-0000-4000-8000-000000000000';

const admin: Caller = { userId: ADMIN, role: 'admin' };
const withheldAdmin: Caller = { ...admin, adminPowersWithheld: true };
const adminKey: Caller = { userId: ADMIN, role: 'user', authMethod: 'api_key', scopes: ['labels:read', 'labels:buy', 'balance:read'] };
const customer: Caller = { userId: CUSTOMER, role: 'user' };
const loginAs: Caller = { ...customer, authMethod: 'login_as', impersonatorId: ADMIN };
const customerKey: Caller = { ...customer, authMethod: 'api_key', scopes: ['labels:read'] };

/** What CallerGuard answers a caller on a handler, from the access its contract declares: `allowed` or the error code. */
const answerOf = (controller: Type, method: string, caller: AnyCaller, payload: object = {}): string => {
  const handler = handlerCallersOf(controller).find((found) => found.where === `${controller.name}.${method}`);
  if (!handler?.policy) throw new Error(`${controller.name}.${method} declares no policy`);
  try {
    enforceHandlerAccess(handler.policy, caller, payload);
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

/**
 * The use cases no longer repeat these checks: each handler's contract declares them, and CallerGuard refuses the
 * caller before the handler runs (decision 080).
 */
describe('auth handlers, as their contracts declare', () => {
  it.each<{ controller: Type; method: string }>([
    { controller: UsersController, method: 'onChangeRole' },
    { controller: UsersController, method: 'onSetActivation' },
    { controller: UsersController, method: 'onSetReferralCode' },
    { controller: UsersController, method: 'onDelete' },
    { controller: SessionsController, method: 'onLoginAs' },
    { controller: TwoFactorController, method: 'onAdminReset' },
    { controller: PasswordResetController, method: 'onIssue' },
  ])("$controller.name $method takes an admin only: a customer, an admin's API key and an admin without two factors are refused", ({ controller, method }) => {
    const payload = { userId: CUSTOMER };
    expect([customer, adminKey, withheldAdmin, admin].map((caller) => answerOf(controller, method, caller, payload))).toEqual([
      ErrorCode.FORBIDDEN,
      ErrorCode.AUTH_SCOPE_MISSING,
      ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED,
      'allowed',
    ]);
  });

  it.each<{ controller: Type; method: string }>([
    { controller: UsersController, method: 'onGet' },
    { controller: ReferralsController, method: 'onListInvitees' },
  ])('$controller.name $method takes the user named or an admin: another customer and an admin without two factors are refused', ({ controller, method }) => {
    expect(answerOf(controller, method, customer, { userId: CUSTOMER })).toBe('allowed');
    expect(answerOf(controller, method, customer, { userId: OTHER })).toBe(ErrorCode.FORBIDDEN);
    expect(answerOf(controller, method, withheldAdmin, { userId: OTHER })).toBe(ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED);
    expect(answerOf(controller, method, admin, { userId: OTHER })).toBe('allowed');
  });

  it("answers a user's e-mail to the orders service only: another service, the user and an admin are refused", () => {
    const answers = [{ service: 'orders' }, { service: 'payments' }, customer, admin].map((caller) => answerOf(UserContactController, 'onContact', caller as AnyCaller, { userId: CUSTOMER }));
    expect(answers).toEqual(['allowed', ErrorCode.FORBIDDEN, ErrorCode.FORBIDDEN, ErrorCode.FORBIDDEN]);
  });

  it('tells the payments service only who referred a customer: another service, the customer and an admin are refused', () => {
    const answers = [{ service: 'payments' }, { service: 'orders' }, customer, admin].map((caller) => answerOf(ReferralsController, 'onReferrerOf', caller as AnyCaller, { userId: CUSTOMER }));
    expect(answers).toEqual(['allowed', ErrorCode.FORBIDDEN, ErrorCode.FORBIDDEN, ErrorCode.FORBIDDEN]);
  });

  it('makes and revokes API keys for the holder\'s own session only: a login-as session and an API key are refused', () => {
    for (const method of ['onCreate', 'onRevoke']) {
      const answers = [customer, loginAs, customerKey].map((caller) => answerOf(ApiKeysController, method, caller));
      expect([method, ...answers]).toEqual([method, 'allowed', ErrorCode.AUTH_LOGIN_AS_REFUSED, ErrorCode.AUTH_SCOPE_MISSING]);
    }
  });

  it('lists API keys for a session, a login-as one included, and never for an API key', () => {
    expect([customer, loginAs, customerKey].map((caller) => answerOf(ApiKeysController, 'onList', caller))).toEqual(['allowed', 'allowed', ErrorCode.AUTH_SCOPE_MISSING]);
  });
});
