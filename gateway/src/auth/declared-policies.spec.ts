import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { API_SCOPES, describeAccess, ErrorCode, type ApiScope, type UserRole } from '@labeldesk/contracts';
import { controllersOf, type RpcClient } from '@labeldesk/nest-transport';
import { GatewayModule } from '../app.module';
import { routesOf, type DocumentedRoute } from '../docs/route-catalogue';
import { AccessGuard } from './access.guard';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { CallerVerifier } from './caller-verifier';
import { VerifiedCallersCache } from './verified-callers.cache';
import { inProcessGatewayEnv } from '../testing/in-process-env';

const env = inProcessGatewayEnv();
const routes = routesOf(controllersOf(GatewayModule.forEnv(env)));

const OWNER = 'owner-id';
const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';
const name = (route: DocumentedRoute) => `${route.method.toUpperCase()} ${route.path} [${route.policy ? describeAccess(route.policy) : 'no policy'}]`;

/** The real guard on the route's real handler and controller, over an auth that vouches for one API key. */
const throughGuard = async (route: DocumentedRoute, scopes: readonly ApiScope[], role: UserRole = 'user'): Promise<unknown> => {
  const rpc = { call: jest.fn(async () => ({ caller: { userId: OWNER, role, authMethod: 'api_key', scopes }, user: { id: OWNER }, keyId: 'key-1' })) };
  const guard = new AccessGuard(new Reflector(), new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 0 })), new ApiKeyRateLimiter(1_000));
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, OWNER]));
  const request = { headers: { authorization: `Bearer ${KEY}` }, params, query: {} };
  const ctx = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({ setHeader: () => undefined }) }),
    getHandler: () => route.handler,
    getClass: () => route.controller,
  } as unknown as ExecutionContext;
  return guard.canActivate(ctx).catch((error: unknown) => error);
};

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
