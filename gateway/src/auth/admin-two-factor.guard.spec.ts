import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, type AuthUser } from '@labeldesk/contracts';
import { ACCESS_POLICY } from './access.decorators';
import { AdminTwoFactorGuard } from './admin-two-factor.guard';

const context = (authUser: Partial<AuthUser>, adminOnly: boolean) => {
  const handler = () => undefined;
  Reflect.defineMetadata(ACCESS_POLICY, { who: adminOnly ? 'admin' : 'signed-in', scope: null }, handler);
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => ({ authUser }) }), getHandler: () => handler, getClass: () => class {} } as unknown as ExecutionContext;
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

  it('leaves the routes open to everyone signed in (the Account page, enrolment itself) alone', () => {
    expect(guard(true).canActivate(context({ role: 'admin', twoFactorEnabled: false }, false))).toBe(true);
  });
});
