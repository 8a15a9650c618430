import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, ErrorCode, type AccessPolicy, type AuthUser } from '@labeldesk/contracts';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ACCESS_POLICY } from './access.decorators';
import type { AuthenticatedRequest } from './request-context';

export const ADMIN_TWO_FACTOR_MESSAGE = 'Turn on two-factor authentication on your Account page to use the admin area.';

/** ADMIN_2FA_REQUIRED and an admin whose account has no two-factor sign-in (the web app sends them to enrol). */
export const mustEnrolTwoFactor = (user: AuthUser | undefined, required: boolean): boolean => required && user?.role === 'admin' && user.twoFactorEnabled !== true;

/** An admin route refuses such an admin. */
export const requireAdminTwoFactor = (user: AuthUser | undefined, required: boolean): void => {
  if (mustEnrolTwoFactor(user, required)) {
    throw new DomainError(ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, ADMIN_TWO_FACTOR_MESSAGE);
  }
};

/**
 * True when the request uses an admin's powers: an admin route, or a self-or-admin route on another user's id (an
 * admin reading or changing a customer's services, orders or balance). An admin's own account is not the admin area.
 */
const usesAdminPowers = (policy: AccessPolicy | undefined, request: AuthenticatedRequest): boolean => {
  if (!policy || policy.who === 'public' || policy.who === 'signed-in') return false;
  if (policy.who === 'admin') return true;
  return request.params[policy.who.selfOrAdmin] !== request.caller?.userId;
};

/**
 * Runs after AccessGuard (registered after it), which has verified the caller and refused non-admins: kept apart
 * from it so the access rules stay in one place and this policy can be switched off whole (decision 050).
 */
@Injectable()
export class AdminTwoFactorGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ADMIN_2FA_REQUIRED'>,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.env.ADMIN_2FA_REQUIRED || context.getType() !== 'http') return true;
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!usesAdminPowers(policy, request)) return true;
    requireAdminTwoFactor(request.authUser, true);
    return true;
  }
}
