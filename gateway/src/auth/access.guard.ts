import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthRpc, DomainError, ErrorCode } from '@labeldesk/contracts';
import { requireAdmin, requireSelfOrAdmin, RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { headerValue } from '../http/header-value';
import { ADMIN_ONLY, PUBLIC_ROUTE, QUERY_TOKEN } from './access.decorators';
import type { AuthenticatedRequest } from './request-context';

/** Route parameters that name a user or an object a user owns: the caller must be that user, or an admin. */
const OWNER_PARAMS = ['userId'] as const;

/**
 * One guard for the whole API, so no controller can forget a check:
 * 1. the token (header `token`) is verified by the auth service on every request, so blocking a user
 *    or changing a role takes effect at once;
 * 2. admin-only routes refuse other roles;
 * 3. any route with a `{userId}` parameter is refused unless the caller is that user or an admin.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rpc: RpcClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Set by the access log middleware; a request that skipped it (a test module) still gets one.
    request.correlationId ??= randomUUID();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const queryToken = this.reflector.getAllAndOverride<boolean>(QUERY_TOKEN, targets) ? request.query['token'] : undefined;
    const token = headerValue(request.headers, 'token') || (typeof queryToken === 'string' ? queryToken : '');
    if (!token) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
    const verified = await this.rpc.call(AuthRpc.verifyToken, { token }, { correlationId: request.correlationId });
    request.caller = verified.caller;
    request.authUser = verified.user;

    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)) requireAdmin(verified.caller);
    for (const param of OWNER_PARAMS) {
      const value = request.params[param];
      if (value !== undefined) requireSelfOrAdmin(verified.caller, String(value));
    }
    return true;
  }
}
