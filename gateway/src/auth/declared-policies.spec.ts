import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { API_SCOPES, describeAccess, ErrorCode, type ApiScope, type Caller, type UserRole } from '@labeldesk/contracts';
import { ADMIN_TWO_FACTOR_MESSAGE, controllersOf, ownsOrAdmin, type RpcClient } from '@labeldesk/nest-transport';
import { GatewayModule } from '../app.module';
import { routesOf, type DocumentedRoute } from '../docs/route-catalogue';
import { AccessGuard } from './access.guard';
import { AdminTwoFactorGuard } from './admin-two-factor.guard';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { CallerVerifier } from './caller-verifier';
import { VerifiedCallersCache } from './verified-callers.cache';
import { inProcessGatewayEnv } from '../testing/in-process-env';

const env = inProcessGatewayEnv();
const routes = routesOf(controllersOf(GatewayModule.forEnv(env)));

const OWNER = 'owner-id';
const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';
const name = (route: DocumentedRoute) => `${route.method.toUpperCase()} ${route.path} [${route.policy ? describeAccess(route.policy) : 'no policy'}]`;

/** The real AccessGuard, over an auth that answers what `rpc` answers. */
const accessGuardOver = (rpc: { call: jest.Mock }, reflector: Reflector): AccessGuard =>
  new AccessGuard(reflector, new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 0 })), new ApiKeyRateLimiter(1_000));

/** The real guard on the route's real handler and controller, over an auth that vouches for one API key. */
const throughGuard = async (route: DocumentedRoute, scopes: readonly ApiScope[], role: UserRole = 'user'): Promise<unknown> => {
  const rpc = { call: jest.fn(async () => ({ caller: { userId: OWNER, role, authMethod: 'api_key', scopes }, user: { id: OWNER }, keyId: 'key-1' })) };
  const guard = accessGuardOver(rpc, new Reflector());
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, OWNER]));
  const request = { headers: { authorization: `Bearer ${KEY}` }, params, query: {} };
  const ctx = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({ setHeader: () => undefined }) }),
    getHandler: () => route.handler,
    getClass: () => route.controller,
  } as unknown as ExecutionContext;
  return guard.canActivate(ctx).catch((error: unknown) => error);
};

const ADMIN = 'admin-id';
const CUSTOMER = 'customer-id';

/**
 * The real guards, in the order the application registers them (AccessGuard, then AdminTwoFactorGuard), on the route's
 * real handler, for an admin's session under ADMIN_2FA_REQUIRED; every id in the path is `id`. Answers the caller the
 * controller would pass on, or the refusal.
 */
const asAdminSession = async (route: DocumentedRoute, twoFactorEnabled: boolean, id: string): Promise<{ caller?: Caller; refusal?: unknown }> => {
  const verified = { caller: { userId: ADMIN, role: 'admin' }, user: { id: ADMIN, role: 'admin', twoFactorEnabled } };
  const rpc = { call: jest.fn(async () => verified) };
  const reflector = new Reflector();
  const guards = [accessGuardOver(rpc, reflector), new AdminTwoFactorGuard(reflector, { ADMIN_2FA_REQUIRED: true })];
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, id]));
  const request: { headers: Record<string, string>; params: Record<string, string>; query: Record<string, string>; caller?: Caller } = { headers: { token: 'a-session-token' }, params, query: {} };
  const ctx = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({ setHeader: () => undefined }) }),
    getHandler: () => route.handler,
    getClass: () => route.controller,
  } as unknown as ExecutionContext;
  try {
    for (const guard of guards) await guard.canActivate(ctx);
  } catch (refusal) {
    return { refusal };
  }
  return request.caller === undefined ? {} : { caller: request.caller };
};

const withheld = { code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, message: ADMIN_TWO_FACTOR_MESSAGE };

const scoped = routes.filter((r) => r.policy && r.policy.who !== 'public' && r.policy.who !== 'admin' && r.policy.scope);
const sessionsOnly = routes.filter((r) => r.policy && r.policy.who !== 'public' && r.policy.who !== 'admin' && !r.policy.scope);
const adminRoutes = routes.filter((r) => r.policy?.who === 'admin');

describe('every declared policy, enforced for API keys (one case per route)', () => {
  it('finds the routes of each kind to test', () => {
    expect(scoped.length).toBeGreaterThan(10);
    expect(sessionsOnly.length).toBeGreaterThan(5);
    expect(adminRoutes.length).toBeGreaterThan(5);
  });

  describe.each(scoped.map((route) => [name(route), route] as const))('%s', (_name, route) => {
    const scope = route.policy?.scope as ApiScope;

    it('refuses a key with every scope but its own, with 403 naming the scope', async () => {
      const refusal = await throughGuard(route, API_SCOPES.filter((s) => s !== scope));
      expect(refusal).toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING, message: expect.stringContaining(scope) });
    });

    it('lets its owner\'s key with the scope through', async () => {
      await expect(throughGuard(route, [scope])).resolves.toBe(true);
    });
  });

  it.each(sessionsOnly.map((route) => [name(route), route] as const))('%s refuses a key with every scope', async (_name, route) => {
    expect(await throughGuard(route, API_SCOPES)).toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING });
  });

  it.each(adminRoutes.map((route) => [name(route), route] as const))("%s refuses an admin's key with every scope", async (_name, route) => {
    expect(await throughGuard(route, API_SCOPES, 'admin')).toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING, message: expect.stringContaining('admin') });
  });
});

const selfOrAdminRoutes = routes.filter((r) => r.policy && typeof r.policy.who === 'object');
const signedInRoutes = routes.filter((r) => r.policy?.who === 'signed-in');

describe('every declared policy, for an admin without two factors under ADMIN_2FA_REQUIRED (one case per route)', () => {
  it('finds the routes of each kind to test', () => {
    expect(selfOrAdminRoutes.length).toBeGreaterThan(10);
    expect(signedInRoutes.length).toBeGreaterThan(10);
  });

  it.each(adminRoutes.map((route) => [name(route), route] as const))('%s refuses them with 403 until they enrol, then lets them in', async (_name, route) => {
    expect((await asAdminSession(route, false, CUSTOMER)).refusal).toMatchObject(withheld);
    expect(await asAdminSession(route, true, CUSTOMER)).toEqual({ caller: { userId: ADMIN, role: 'admin', authMethod: 'session' } });
  });

  describe.each(selfOrAdminRoutes.map((route) => [name(route), route] as const))('%s', (_name, route) => {
    it("refuses them another user's id with 403 until they enrol", async () => {
      expect((await asAdminSession(route, false, CUSTOMER)).refusal).toMatchObject(withheld);
      expect((await asAdminSession(route, true, CUSTOMER)).refusal).toBeUndefined();
    });

    it('lets them use their own id', async () => {
      expect((await asAdminSession(route, false, ADMIN)).caller).toMatchObject({ userId: ADMIN, adminPowersWithheld: true });
    });
  });

  it.each(signedInRoutes.map((route) => [name(route), route] as const))(
    "%s passes on a caller whose admin powers are withheld: services refuse it another user's objects, not its own",
    async (_name, route) => {
      const { caller, refusal } = await asAdminSession(route, false, CUSTOMER);
      expect(refusal).toBeUndefined();
      expect(caller).toEqual({ userId: ADMIN, role: 'admin', authMethod: 'session', adminPowersWithheld: true });
      expect(() => ownsOrAdmin(caller as Caller, CUSTOMER)).toThrow(expect.objectContaining(withheld));
      expect(ownsOrAdmin(caller as Caller, ADMIN)).toBe(true);
    },
  );
});
