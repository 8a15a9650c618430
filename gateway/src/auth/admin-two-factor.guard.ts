import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessPolicy, AuthUser, Caller } from '@labeldesk/contracts';
import { enforceAccess } from '@labeldesk/nest-transport';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ACCESS_POLICY } from './access.decorators';
import type { AuthenticatedRequest } from './request-context';

/** ADMIN_2FA_REQUIRED and an admin whose account has no two-factor sign-in (the web app sends them to enrol). */
export const mustEnrolTwoFactor = (user: AuthUser | undefined, required: boolean): boolean => required && user?.role === 'admin' && user.twoFactorEnabled !== true;

/**
 * The caller as services see it: an admin who must enrol keeps the role (their own account is theirs) but carries
 * `adminPowersWithheld`, so every owner check (`ownsOrAdmin`, `requireAdmin`, decision 070) refuses the admin power.
 * The verified caller is kept frozen in the cache: a new object is made.
 */
export const withheldWhereDue = (caller: Caller, user: AuthUser | undefined, required: boolean): Caller =>
  caller.role === 'admin' && mustEnrolTwoFactor(user, required) ? { ...caller, adminPowersWithheld: true } : caller;

/**
 * Runs after AccessGuard (registered after it), which has verified the caller: with ADMIN_2FA_REQUIRED it stamps an
 * admin without two factors as such before any controller passes the caller on, and checks the route's policy again
 * on the stamped caller, so an admin route (or a customer's route on their id) is refused here already. Whether a
 * route uses admin powers is not decided from a list of routes: where the gateway cannot know (an order's id), the
 * service's owner check refuses (decision 070).
 */
@Injectable()
export class AdminTwoFactorGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ADMIN_2FA_REQUIRED'>,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.env.ADMIN_2FA_REQUIRED || context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.caller) return true;
    const caller = withheldWhereDue(request.caller, request.authUser, true);
    if (caller === request.caller) return true;
    request.caller = caller;
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]);
    if (policy) enforceAccess(policy, caller, request.params);
    return true;
  }
}
