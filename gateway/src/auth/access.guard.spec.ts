import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, type AccessPolicy } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { ACCESS_POLICY, QUERY_TOKEN } from './access.decorators';
import { AccessGuard, bearerOf } from './access.guard';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { CallerVerifier } from './caller-verifier';
import { COUNTS_SESSIONS } from './rate-limit-headers';
import { VerifiedCallersCache } from './verified-callers.cache';

const SELF: AccessPolicy = { who: { selfOrAdmin: 'userId' }, scope: 'labels:read' };
const ADMIN: AccessPolicy = { who: 'admin', scope: null };
const PUBLIC: AccessPolicy = { who: 'public', scope: null };

const context = (headers: Record<string, string>, params: Record<string, string>, policy: AccessPolicy | null = SELF, query: Record<string, string> = {}) => {
  const handler = () => undefined;
  if (policy) Reflect.defineMetadata(ACCESS_POLICY, policy, handler);
  // A download route: it takes the session token as ?token= too.
  if (query['token']) Reflect.defineMetadata(QUERY_TOKEN, true, handler);
  const request = { headers, params, query };
  // What the answer's headers become (the RateLimit fields).
  const answered: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (answered[name] = value) };
  return {
    request,
    answered,
    ctx: {
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
      getHandler: () => handler,
      getClass: () => class {},
    } as unknown as ExecutionContext,
  };
};

const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';

const guardFor = (role: 'user' | 'admin', userId = 'me', options: { scopes?: string[]; perMinute?: number } = {}) => {
  const rpc = {
    call: jest.fn().mockImplementation((contract: { subject: string }) =>
      Promise.resolve(
        contract.subject === 'auth.api-key.verify.v1'
          ? { caller: { userId, role, authMethod: 'api_key', scopes: options.scopes ?? [] }, user: { id: userId }, keyId: 'key-1' }
          : { caller: { userId, role }, user: { id: userId } },
      ),
    ),
  };
  const callers = new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 30_000 }));
  return { guard: new AccessGuard(new Reflector(), callers, new ApiKeyRateLimiter(options.perMinute ?? 100)), rpc };
};

/** A JWT-shaped token good for an hour: the guard keeps its caller (auth is faked, so nothing checks the rest). */
const keepableToken = () =>
  [{ alg: 'HS256' }, { sub: 'me', exp: Math.floor(Date.now() / 1000) + 3600 }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.signature';

describe('AccessGuard', () => {
  it('lets a public route through without a token', async () => {
    const { guard, rpc } = guardFor('user');
    await expect(guard.canActivate(context({}, {}, PUBLIC).ctx)).resolves.toBe(true);
    expect(rpc.call).not.toHaveBeenCalled();
  });

  it('refuses a route that declares no policy, even to an admin', async () => {
    const { guard } = guardFor('admin');
    await expect(guard.canActivate(context({ token: 't' }, {}, null).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('refuses a protected route without a token', async () => {
    const { guard } = guardFor('user');
    await expect(guard.canActivate(context({}, {}).ctx)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
  });

  it("refuses a user touching another user's {userId}", async () => {
    const { guard } = guardFor('user', 'me');
    await expect(guard.canActivate(context({ token: 't' }, { userId: 'someone-else' }).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('lets a user touch their own {userId} and an admin touch anyone', async () => {
    await expect(guardFor('user', 'me').guard.canActivate(context({ token: 't' }, { userId: 'me' }).ctx)).resolves.toBe(true);
    await expect(guardFor('admin', 'boss').guard.canActivate(context({ token: 't' }, { userId: 'me' }).ctx)).resolves.toBe(true);
  });

  it('keeps admin-only routes from other roles', async () => {
    const { guard } = guardFor('user');
    await expect(guard.canActivate(context({ token: 't' }, {}, ADMIN).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('checks admin-only routes and {userId} on a caller kept from an earlier request, without asking auth again', async () => {
    const { guard, rpc } = guardFor('user', 'me');
    const token = keepableToken();
    await expect(guard.canActivate(context({ token }, { userId: 'me' }).ctx)).resolves.toBe(true);
    await expect(guard.canActivate(context({ token }, {}, ADMIN).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    await expect(guard.canActivate(context({ token }, { userId: 'someone-else' }).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it('puts the verified caller on the request, marked as a session', async () => {
    const { guard } = guardFor('user', 'me');
    const { ctx, request } = context({ token: 't' }, { userId: 'me' });
    await guard.canActivate(ctx);
    expect(request).toMatchObject({ caller: { userId: 'me', role: 'user', authMethod: 'session' }, correlationId: expect.any(String) });
  });

  it('takes an API key as a Bearer credential and lets it through with the scope the route declares', async () => {
    const { guard, rpc } = guardFor('user', 'me', { scopes: ['labels:read'] });
    const { ctx, request } = context({ authorization: `Bearer ${KEY}` }, { userId: 'me' });
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    expect(rpc.call).toHaveBeenCalledWith(expect.objectContaining({ subject: 'auth.api-key.verify.v1' }), { key: KEY }, expect.anything());
    expect(request).toMatchObject({ caller: { userId: 'me', authMethod: 'api_key', scopes: ['labels:read'] } });
  });

  it('refuses an API key without the route\'s scope with 403 naming the scope', async () => {
    const { guard } = guardFor('user', 'me', { scopes: ['balance:read'] });
    await expect(guard.canActivate(context({ authorization: `Bearer ${KEY}` }, { userId: 'me' }).ctx)).rejects.toMatchObject({
      code: ErrorCode.AUTH_SCOPE_MISSING,
      message: expect.stringContaining('labels:read'),
    });
  });

  it('refuses an API key on a sessions-only route and on an admin route, whatever its scopes', async () => {
    const { guard } = guardFor('admin', 'me', { scopes: ['labels:read', 'labels:buy', 'labels:void', 'balance:read', 'webhooks:manage'] });
    await expect(guard.canActivate(context({ authorization: `Bearer ${KEY}` }, {}, { who: 'signed-in', scope: null }).ctx)).rejects.toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING });
    await expect(guard.canActivate(context({ authorization: `Bearer ${KEY}` }, {}, ADMIN).ctx)).rejects.toMatchObject({ code: ErrorCode.AUTH_SCOPE_MISSING });
  });

  it('refuses an Authorization header of another scheme instead of ignoring it', async () => {
    const { guard } = guardFor('user');
    await expect(guard.canActivate(context({ authorization: 'Basic abc' }, { userId: 'me' }).ctx)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
  });

  it('refuses an API key in the token header and as ?token= with 401, even while its caller is kept', async () => {
    const { guard, rpc } = guardFor('user', 'me', { scopes: ['labels:read'] });
    await expect(guard.canActivate(context({ authorization: `Bearer ${KEY}` }, { userId: 'me' }).ctx)).resolves.toBe(true);
    const refusal = { code: ErrorCode.UNAUTHENTICATED, message: expect.stringContaining('Authorization header') };
    await expect(guard.canActivate(context({ token: KEY }, { userId: 'me' }).ctx)).rejects.toMatchObject(refusal);
    await expect(guard.canActivate(context({}, { userId: 'me' }, SELF, { token: KEY }).ctx)).rejects.toMatchObject(refusal);
    // Refused before auth is asked: a key is never checked as a session token.
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it('refuses a session token as Authorization: Bearer with 401, even while its caller is kept', async () => {
    const { guard, rpc } = guardFor('user', 'me', { scopes: ['labels:read'] });
    const token = keepableToken();
    await expect(guard.canActivate(context({ token }, { userId: 'me' }).ctx)).resolves.toBe(true);
    await expect(guard.canActivate(context({ authorization: `Bearer ${token}` }, { userId: 'me' }).ctx)).rejects.toMatchObject({
      code: ErrorCode.AUTH_API_KEY_INVALID,
      message: expect.stringContaining('a session token goes in the token header'),
    });
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it('refuses a request that sends both a key and a session token, whichever would pass', async () => {
    const { guard } = guardFor('user', 'me', { scopes: ['labels:read'] });
    await expect(guard.canActivate(context({ authorization: `Bearer ${KEY}`, token: keepableToken() }, { userId: 'me' }).ctx)).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
      message: expect.stringContaining('not both'),
    });
  });

  it('answers 429 with Retry-After once a key is over its rate limit', async () => {
    const { guard } = guardFor('user', 'me', { scopes: ['labels:read'], perMinute: 2 });
    const call = () => context({ authorization: `Bearer ${KEY}` }, { userId: 'me' });
    await guard.canActivate(call().ctx);
    await guard.canActivate(call().ctx);
    const third = call();
    // The error filter answers retryAfterSeconds as the Retry-After header (http-error.filter.spec).
    await expect(guard.canActivate(third.ctx)).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: expect.any(Number) });
  });

  it('answers a key its RateLimit headers on each request, down to 0 remaining with the 429', async () => {
    const { guard } = guardFor('user', 'me', { scopes: ['labels:read'], perMinute: 2 });
    const call = () => context({ authorization: `Bearer ${KEY}` }, { userId: 'me' });
    const first = call();
    await guard.canActivate(first.ctx);
    expect(first.answered).toEqual({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '1', 'RateLimit-Reset': expect.stringMatching(/^\d+$/) });
    await guard.canActivate(call().ctx);
    const third = call();
    await expect(guard.canActivate(third.ctx)).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(third.answered).toMatchObject({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '0' });
    expect(Number(third.answered['RateLimit-Reset'])).toBeGreaterThan(0);
  });

  it("counts a session on a route that counts sessions (the public API v1) with a key's limit, and not elsewhere", async () => {
    const { guard } = guardFor('user', 'me', { perMinute: 1 });
    const counted = () => {
      const made = context({ token: 't' }, { userId: 'me' });
      Reflect.defineMetadata(COUNTS_SESSIONS, true, made.ctx.getHandler());
      return made;
    };
    const first = counted();
    await guard.canActivate(first.ctx);
    expect(first.answered).toMatchObject({ 'RateLimit-Limit': '1', 'RateLimit-Remaining': '0' });
    await expect(guard.canActivate(counted().ctx)).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED, retryAfterSeconds: expect.any(Number) });
    const webApp = context({ token: 't' }, { userId: 'me' });
    await expect(guard.canActivate(webApp.ctx)).resolves.toBe(true);
    expect(webApp.answered).toEqual({});
  });

  it('reads the key from a Bearer header only', () => {
    expect(bearerOf(`Bearer ${KEY}`)).toBe(KEY);
    expect(bearerOf(`bearer   ${KEY} `)).toBe(KEY);
    expect(bearerOf('Basic abc')).toBe('');
  });
});
