import { applyDecorators, Injectable, SetMetadata, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { tap, type Observable } from 'rxjs';
import { CallerVerifier } from './caller-verifier';
import type { AuthenticatedRequest } from './request-context';
import { headerValue } from '../http/header-value';
import { readClaims } from './verified-callers.cache';

/** Whose kept callers a route's success makes stale. */
export type ChangedUsers = (request: AuthenticatedRequest) => readonly (string | null | undefined)[];

const CHANGED_USERS = Symbol('changed-users');

/** The signed-in user (and, for a login-as token, the admin behind it). */
export const self: ChangedUsers = (request) => [request.caller?.userId, readClaims(headerValue(request.headers, 'token') ?? '').impersonatorId];

/** The user named by a path parameter. */
export const pathUser =
  (name: string): ChangedUsers =>
  (request) => [String(request.params[name] ?? '')];

@Injectable()
export class ForgetUsersInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerVerifier,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const changed = this.reflector.get<ChangedUsers | undefined>(CHANGED_USERS, context.getHandler());
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return next.handle().pipe(
      tap(() => {
        for (const userId of changed?.(request) ?? []) if (userId) this.callers.forgetUser(userId);
      }),
    );
  }
}

/**
 * The route changes what auth's verify answers for these users (or ends their sessions). Auth's event tells every
 * replica, but it travels on another NATS connection than auth's reply and can arrive after it: this replica forgets
 * them as the reply arrives, before the response is sent, so the very next request here is checked with auth.
 */
export const ForgetsUsers = (changed: ChangedUsers) => applyDecorators(SetMetadata(CHANGED_USERS, changed), UseInterceptors(ForgetUsersInterceptor));
