import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, type AccessPolicy, type AuthUser, type Caller } from '@labeldesk/contracts';
import { ADMIN_TWO_FACTOR_MESSAGE, ownsOrAdmin } from '@labeldesk/nest-transport';
import { ACCESS_POLICY } from './access.decorators';
import { AdminTwoFactorGuard } from './admin-two-factor.guard';

const ADMIN_ID = '00000000-0000-4000-8000-00000000000a';
const CUSTOMER_ID = '00000000-0000-4000-8000-00000000000c';

const request = (authUser: Partial<AuthUser>, params: Record<string, string> = {}) => ({
  authUser,
  caller: Object.freeze({ userId: authUser.id ?? ADMIN_ID, role: authUser.role ?? 'user' }) as Caller,
  params,
});

const context = (req: ReturnType<typeof request>, who: AccessPolicy['who']) => {
  const handler = () => undefined;
  Reflect.defineMetadata(ACCESS_POLICY, { who, scope: null } satisfies AccessPolicy, handler);
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }), getHandler: () => handler, getClass: () => class {} } as unknown as ExecutionContext;
};

const guard = (required: boolean) => new AdminTwoFactorGuard(new Reflector(), { ADMIN_2FA_REQUIRED: required });
const withheld = { code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, message: ADMIN_TWO_FACTOR_MESSAGE };
const selfOrAdmin = { selfOrAdmin: 'userId' };

describe('AdminTwoFactorGuard', () => {
  it('refuses an admin route to an admin without two-factor sign-in when ADMIN_2FA_REQUIRED, saying what to do', () => {
    expect(() => guard(true).canActivate(context(request({ role: 'admin', twoFactorEnabled: false }), 'admin'))).toThrow(expect.objectContaining(withheld));
    expect(() => guard(true).canActivate(context(request({ role: 'admin' }), 'admin'))).toThrow(expect.objectContaining(withheld));
  });

  it('lets an enrolled admin through, and every admin when the setting is off, with their powers as they are', () => {
    const enrolled = request({ role: 'admin', twoFactorEnabled: true });
    expect(guard(true).canActivate(context(enrolled, 'admin'))).toBe(true);
    expect(enrolled.caller.adminPowersWithheld).toBeUndefined();
    const settingOff = request({ role: 'admin', twoFactorEnabled: false });
    expect(guard(false).canActivate(context(settingOff, 'admin'))).toBe(true);
    expect(settingOff.caller.adminPowersWithheld).toBeUndefined();
  });

  it("refuses such an admin a customer's own routes on the customer's id (services, orders, balance), not on the admin's own", () => {
    const admin = { role: 'admin' as const, twoFactorEnabled: false };
    expect(() => guard(true).canActivate(context(request(admin, { userId: CUSTOMER_ID }), selfOrAdmin))).toThrow(expect.objectContaining(withheld));
    expect(guard(true).canActivate(context(request(admin, { userId: ADMIN_ID }), selfOrAdmin))).toBe(true);
    expect(guard(true).canActivate(context(request({ ...admin, twoFactorEnabled: true }, { userId: CUSTOMER_ID }), selfOrAdmin))).toBe(true);
    expect(guard(false).canActivate(context(request(admin, { userId: CUSTOMER_ID }), selfOrAdmin))).toBe(true);
  });

  it("lets such an admin reach a route open to everyone signed in, with a caller that services refuse another user's objects", () => {
    const req = request({ role: 'admin', twoFactorEnabled: false });
    expect(guard(true).canActivate(context(req, 'signed-in'))).toBe(true);
    expect(req.caller).toEqual({ userId: ADMIN_ID, role: 'admin', adminPowersWithheld: true });
    expect(ownsOrAdmin(req.caller, ADMIN_ID)).toBe(true);
    expect(() => ownsOrAdmin(req.caller, CUSTOMER_ID)).toThrow(expect.objectContaining(withheld));
  });

  it('leaves customers, and admins who need no second factor, as they were', () => {
    const customer = request({ id: CUSTOMER_ID, role: 'user', twoFactorEnabled: false });
    const before = customer.caller;
    expect(guard(true).canActivate(context(customer, 'signed-in'))).toBe(true);
    expect(customer.caller).toBe(before);
  });
});
