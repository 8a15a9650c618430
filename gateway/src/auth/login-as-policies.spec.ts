import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describeAccess, ErrorCode } from '@labeldesk/contracts';
import { controllersOf, type RpcClient } from '@labeldesk/nest-transport';
import { GatewayModule } from '../app.module';
import { routesOf, type DocumentedRoute } from '../docs/route-catalogue';
import { inProcessGatewayEnv } from '../testing/in-process-env';
import { AccessGuard } from './access.guard';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { CallerVerifier } from './caller-verifier';
import { VerifiedCallersCache } from './verified-callers.cache';

/**
 * The authorization matrix's "login-as session" caller (decision 069): an admin signed in as a customer is the customer
 * everywhere but where the account proves itself (password, e-mail, two factors, API keys, webhook secrets). Every
 * route of the gateway goes through the real AccessGuard with a login-as token (auth vouches for the customer; the
 * token names the admin), and with the customer's own session for comparison.
 */

const routes = routesOf(controllersOf(GatewayModule.forEnv(inProcessGatewayEnv())));

const CUSTOMER = 'customer-id';
const ADMIN = 'admin-id';

/** An unsigned token with the claims the gateway reads (auth, faked here, is what vouches for it). */
const tokenWith = (claims: Record<string, unknown>): string =>
  ['{"alg":"HS256"}', JSON.stringify({ sub: CUSTOMER, exp: Math.floor(Date.now() / 1000) + 600, ...claims }), 'signature']
    .map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.');

const LOGIN_AS = tokenWith({ imp: ADMIN });
const OWN_SESSION = tokenWith({});

/** The route's real handler and controller, asked by `token` for the customer's own objects. */
const guardAnswer = async (route: DocumentedRoute, token: string): Promise<unknown> => {
  const auth = { call: jest.fn(async () => ({ caller: { userId: CUSTOMER, role: 'user' }, user: { id: CUSTOMER } })) };
  const verifier = new CallerVerifier(auth as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 0 }));
  const guard = new AccessGuard(new Reflector(), verifier, new ApiKeyRateLimiter(1_000));
  const request = { headers: { token }, params: Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, CUSTOMER])), query: {} };
  const http = { getRequest: () => request, getResponse: () => ({ setHeader: () => undefined }) };
  const context = { switchToHttp: () => http, getHandler: () => route.handler, getClass: () => route.controller } as unknown as ExecutionContext;
  return guard.canActivate(context).catch((error: unknown) => error);
};

const label = (route: DocumentedRoute) => `${route.method.toUpperCase()} ${route.path} [${route.policy ? describeAccess(route.policy) : 'no policy'}]`;
const holderOnly = routes.filter((route) => route.policy?.holderOnly);
const customers = routes.filter((route) => route.policy && route.policy.who !== 'public' && route.policy.who !== 'admin' && !route.policy.holderOnly);
const admins = routes.filter((route) => route.policy?.who === 'admin');

describe('every route, for a login-as session (an admin signed in as the customer)', () => {
  it('finds the holder-only routes: two-factor setup, enable, disable and recovery codes, API keys, webhook creation and its secret rotation', () => {
    expect(holderOnly.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/2fa/setup',
        'POST /api/auth/2fa/enable',
        'POST /api/auth/2fa/disable',
        'POST /api/auth/2fa/recovery-codes',
        'POST /api/keys',
        'DELETE /api/keys/{id}',
        'POST /api/webhooks',
        'POST /api/webhooks/{id}/rotate-secret',
      ]),
    );
    expect(customers.length).toBeGreaterThan(30);
    expect(admins.length).toBeGreaterThan(5);
  });

  describe.each(holderOnly.map((route) => [label(route), route] as const))('%s', (_name, route) => {
    it('refuses it with 403 AUTH_LOGIN_AS_REFUSED, saying what a login-as session cannot change', async () => {
      expect(await guardAnswer(route, LOGIN_AS)).toMatchObject({ code: ErrorCode.AUTH_LOGIN_AS_REFUSED, message: expect.stringContaining('Signed in as this customer') });
    });

    it("lets the customer's own session through", async () => {
      await expect(guardAnswer(route, OWN_SESSION)).resolves.toBe(true);
    });
  });

  it.each(customers.map((route) => [label(route), route] as const))('%s lets it through, as the customer', async (_name, route) => {
    await expect(guardAnswer(route, LOGIN_AS)).resolves.toBe(true);
  });

  it.each(admins.map((route) => [label(route), route] as const))('%s refuses it: signed in as a customer, the admin has no admin powers', async (_name, route) => {
    expect(await guardAnswer(route, LOGIN_AS)).toMatchObject({ code: ErrorCode.FORBIDDEN });
  });
});
