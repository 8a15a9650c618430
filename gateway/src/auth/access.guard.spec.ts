import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { ADMIN_ONLY, PUBLIC_ROUTE } from './access.decorators';
import { AccessGuard } from './access.guard';
import { CallerVerifier } from './caller-verifier';
import { VerifiedCallersCache } from './verified-callers.cache';

const context = (headers: Record<string, string>, params: Record<string, string>, metadata: Record<string, boolean> = {}) => {
  const handler = () => undefined;
  for (const [key, value] of Object.entries(metadata)) Reflect.defineMetadata(key, value, handler);
  const request = { headers, params };
  return {
    request,
    ctx: { switchToHttp: () => ({ getRequest: () => request }), getHandler: () => handler, getClass: () => class {} } as unknown as ExecutionContext,
  };
};

const guardFor = (role: 'user' | 'admin', userId = 'me') => {
  const rpc = { call: jest.fn().mockResolvedValue({ caller: { userId, role }, user: { id: userId } }) };
  const callers = new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 30_000 }));
  return { guard: new AccessGuard(new Reflector(), callers), rpc };
};

/** A JWT-shaped token good for an hour: the guard keeps its caller (auth is faked, so nothing checks the rest). */
const keepableToken = () =>
  [{ alg: 'HS256' }, { sub: 'me', exp: Math.floor(Date.now() / 1000) + 3600 }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.signature';

describe('AccessGuard', () => {
  it('lets a public route through without a token', async () => {
    const { guard, rpc } = guardFor('user');
    await expect(guard.canActivate(context({}, {}, { [PUBLIC_ROUTE]: true }).ctx)).resolves.toBe(true);
    expect(rpc.call).not.toHaveBeenCalled();
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
    await expect(guard.canActivate(context({ token: 't' }, {}, { [ADMIN_ONLY]: true }).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('checks admin-only routes and {userId} on a caller kept from an earlier request, without asking auth again', async () => {
    const { guard, rpc } = guardFor('user', 'me');
    const token = keepableToken();
    await expect(guard.canActivate(context({ token }, { userId: 'me' }).ctx)).resolves.toBe(true);
    await expect(guard.canActivate(context({ token }, {}, { [ADMIN_ONLY]: true }).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    await expect(guard.canActivate(context({ token }, { userId: 'someone-else' }).ctx)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it('puts the verified caller on the request for the handlers', async () => {
    const { guard } = guardFor('user', 'me');
    const { ctx, request } = context({ token: 't' }, {});
    await guard.canActivate(ctx);
    expect(request).toMatchObject({ caller: { userId: 'me', role: 'user' }, correlationId: expect.any(String) });
  });
});
