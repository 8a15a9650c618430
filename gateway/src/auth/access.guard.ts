import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, ErrorCode, type AccessPolicy } from '@labeldesk/contracts';
import { enforceAccess } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { headerValue } from '../http/header-value';
import { ACCESS_POLICY, QUERY_TOKEN } from './access.decorators';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { CallerVerifier } from './caller-verifier';
import { COUNTS_SESSIONS, setRateLimitHeaders } from './rate-limit-headers';
import { refuseTestModeUnlessReady, TEST_MODE_READY } from './test-mode';
import type { AuthenticatedRequest } from './request-context';
import type { VerifiedCaller } from './verified-callers.cache';

/** `Authorization: Bearer <key>`: the API key, or '' when the header is absent or another scheme. */
export const bearerOf = (authorization: string): string => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? '';
};

/**
 * One guard for the whole API, so no controller can forget a check (decision 049):
 * 1. the route's declared policy is read; a route without one is refused (a test walks every route for one);
 * 2. the credential is verified by the auth service, or was moments ago (decision 019): a session token (header
 *    `token`, or `?token=` on downloads) or an API key (`Authorization: Bearer ld_live_…`), each only in its own place
 *    and never both (decision 075), each key rate-limited;
 * 3. the policy is enforced on the caller: admin, self-or-admin by a named route parameter, and for an API key the
 *    scope the route declares (a route without a scope takes sessions only);
 * 4. a test key only where the route acts in test mode (decision 110).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /** Sessions on the routes that count them (the public API v1), per user, with a key's limit; this replica's count. */
  private readonly sessionLimits: ApiKeyRateLimiter;

  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerVerifier,
    private readonly keyLimits: ApiKeyRateLimiter,
  ) {
    this.sessionLimits = new ApiKeyRateLimiter(keyLimits.perMinute);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Set by the access log middleware; a request that skipped it (a test module) still gets one.
    request.correlationId ??= randomUUID();
    const targets = [context.getHandler(), context.getClass()];
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, targets);
    if (!policy) throw new DomainError(ErrorCode.FORBIDDEN, 'This route declares no access policy');
    if (policy.who === 'public') return true;

    const verified = await this.verify(request, this.reflector.getAllAndOverride<boolean>(QUERY_TOKEN, targets));
    const response = context.switchToHttp().getResponse<Response>();
    if (verified.keyId !== undefined) await this.limit(verified.keyId, bearerOf(headerValue(request.headers, 'authorization')), response);
    else if (this.reflector.getAllAndOverride<boolean>(COUNTS_SESSIONS, targets)) this.limitSession(verified.caller.userId, response);
    request.caller = verified.caller;
    request.authUser = verified.user;
    enforceAccess(policy, verified.caller, request.params);
    refuseTestModeUnlessReady(verified.caller, this.reflector.getAllAndOverride<boolean | string | undefined>(TEST_MODE_READY, targets));
    return true;
  }

  private async verify(request: AuthenticatedRequest, queryTokenAllowed: boolean): Promise<VerifiedCaller> {
    const authorization = headerValue(request.headers, 'authorization');
    const queryToken = queryTokenAllowed ? request.query['token'] : undefined;
    const token = headerValue(request.headers, 'token') || (typeof queryToken === 'string' ? queryToken : '');
    // One credential, one place (decision 075): which one was meant cannot be guessed when both came.
    if (authorization && token) {
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Send one credential: an API key as Authorization: Bearer <key>, or a session token in the token header, not both');
    }
    if (authorization) {
      const key = bearerOf(authorization);
      if (!key) throw new DomainError(ErrorCode.AUTH_API_KEY_INVALID, 'Send an API key as Authorization: Bearer <key>');
      return this.callers.verifyKey(key, request.correlationId);
    }
    if (!token) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
    return this.callers.verify(token, request.correlationId);
  }

  /** Over the key's limit: 429, and the error filter answers the wait as Retry-After. Either way the RateLimit headers. */
  private async limit(keyId: string, key: string, response: Response): Promise<void> {
    const taken = await this.keyLimits.acquire(keyId, key);
    setRateLimitHeaders(response, this.keyLimits.quota(keyId));
    if (taken.allowed) return;
    throw new DomainError(ErrorCode.RATE_LIMITED, `This API key is over its rate limit: try again in ${taken.retryAfterSeconds} s`, undefined, taken.retryAfterSeconds);
  }

  /** A session on a route that counts sessions: the same limit per user as a key's (decision 103). */
  private limitSession(userId: string, response: Response): void {
    const taken = this.sessionLimits.take(userId);
    setRateLimitHeaders(response, this.sessionLimits.quota(userId));
    if (taken.allowed) return;
    throw new DomainError(ErrorCode.RATE_LIMITED, `Too many requests: try again in ${taken.retryAfterSeconds} s`, undefined, taken.retryAfterSeconds);
  }
}
