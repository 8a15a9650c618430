import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { requireAdmin, requireSelfOrAdmin } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { headerValue } from '../http/header-value';
import { ADMIN_ONLY, PUBLIC_ROUTE, QUERY_TOKEN } from './access.decorators';
import { CallerVerifier } from './caller-verifier';
import type { AuthenticatedRequest } from './request-context';

/** Route parameters that name a user or an object a user owns: the caller must be that user, or an admin. */
const OWNER_PARAMS = ['userId'] as const;

/**
 * One guard for the whole API, so no controller can forget a check:
 * 1. the token (header `token`) is verified by the auth service, or was moments ago: the callers it verified are
 *    kept a few seconds and dropped the moment auth announces a block, a role or password change, a deletion or any
 *    other change to the user (decision 019), so those still take effect at once;
 * 2. admin-only routes refuse other roles;
 * 3. any route with a `{userId}` parameter is refused unless the caller is that user or an admin.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerVerifier,
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
    const verified = await this.callers.verify(token, request.correlationId);
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
