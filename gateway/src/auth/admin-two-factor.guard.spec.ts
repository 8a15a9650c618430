import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, type AccessPolicy, type AuthUser } from '@labeldesk/contracts';
import { ACCESS_POLICY } from './access.decorators';
import { AdminTwoFactorGuard } from './admin-two-factor.guard';

const ADMIN_ID = '00000000-0000-4000-8000-00000000000a';
const CUSTOMER_ID = '00000000-0000-4000-8000-00000000000c';

const context = (authUser: Partial<AuthUser>, who: AccessPolicy['who'] | boolean, params: Record<string, string> = {}) => {
  const handler = () => undefined;
  const policy: AccessPolicy = { who: who === true ? 'admin' : who === false ? 'signed-in' : who, scope: null };
  Reflect.defineMetadata(ACCESS_POLICY, policy, handler);
  const request = { authUser, caller: { userId: ADMIN_ID, role: authUser.role ?? 'user' }, params };
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => request }), getHandler: () => handler, getClass: () => class {} } as unknown as ExecutionContext;
};

const guard = (required: boolean) => new AdminTwoFactorGuard(new Reflector(), { ADMIN_2FA_REQUIRED: required });

describe('AdminTwoFactorGuard', () => {
  it('refuses an admin route to an admin without two-factor sign-in when ADMIN_2FA_REQUIRED, saying what to do', () => {
    expect(() => guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: false }, true))).toThrow(
      expect.objectContaining({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, message: expect.stringContaining('Account page') }),
    );
    expect(() => guard(true).canActivate(context({ role: 'admin' }, true))).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED }));
  });

  it('lets an enrolled admin through, and every admin when the setting is off', () => {
    expect(guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: true }, true))).toBe(true);
    expect(guard(false).canActivate(context({ role: 'admin', twoFactorEnabled: false }, true))).toBe(true);
  });

  it("refuses such an admin a customer's own routes on the customer's id (services, orders, balance), not on the admin's own", () => {
    const selfOrAdmin = { selfOrAdmin: 'userId' };
    expect(() => guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: false }, selfOrAdmin, { userId: CUSTOMER_ID }))).toThrow(
      expect.objectContaining({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED }),
    );
    expect(guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: false }, selfOrAdmin, { userId: ADMIN_ID }))).toBe(true);
    expect(guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: true }, selfOrAdmin, { userId: CUSTOMER_ID }))).toBe(true);
    expect(guard(false).canActivate(context({ role: 'admin', twoFactorEnabled: false }, selfOrAdmin, { userId: CUSTOMER_ID }))).toBe(true);
  });

  it('leaves the routes open to everyone signed in (the Account page, enrolment itself) alone', () => {
    expect(guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: false }, false))).toBe(true);
  });
});
