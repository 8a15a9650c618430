import {
  authMethodOf,
  callerHasScope,
  DomainError,
  ErrorCode,
  isServiceCaller,
  type AccessPolicy,
  type AnyCaller,
  type Caller,
  type ServiceName,
} from '@labeldesk/contracts';

/** The gateway checks these already; services check again so no other caller can skip them. */
export const requireAdmin = (caller: Caller): void => {
  if (caller.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
};

/** True when the caller owns the object or is an admin; for checks that answer "not found" instead of 403. */
export const ownsOrAdmin = (caller: Caller, ownerId: string): boolean => caller.role === 'admin' || caller.userId === ownerId;

export const requireSelfOrAdmin = (caller: Caller, userId: string): void => {
  if (!ownsOrAdmin(caller, userId)) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};

/** Only the services named, acting on their own account: no user, not even an admin, makes this call. */
export const requireService = (caller: AnyCaller, ...services: ServiceName[]): void => {
  if (!isServiceCaller(caller) || !services.includes(caller.service)) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};

/** The user themselves, an admin, or one of the services named. */
export const requireSelfAdminOrService = (caller: AnyCaller, userId: string, ...services: ServiceName[]): void => {
  if (isServiceCaller(caller)) return requireService(caller, ...services);
  requireSelfOrAdmin(caller, userId);
};

/** An admin, or one of the services named. */
export const requireAdminOrService = (caller: AnyCaller, ...services: ServiceName[]): void => {
  if (isServiceCaller(caller)) return requireService(caller, ...services);
  requireAdmin(caller);
};

/**
 * The one check of a declared policy (decision 049), run by the gateway's guard on every route and by each service's
 * caller guard on every handler. `values` are the route parameters (or the request's fields) a `selfOrAdmin` names.
 * An API key never reaches an admin route, nor a route that takes sessions only; elsewhere it needs the declared
 * scope, and the refusal names it.
 */
export const enforceAccess = (policy: AccessPolicy, caller: Caller | null, values: Readonly<Record<string, unknown>>): void => {
  if (policy.who === 'public') return;
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  if (authMethodOf(caller) === 'api_key') {
    if (policy.who === 'admin') throw new DomainError(ErrorCode.AUTH_SCOPE_MISSING, 'API keys cannot reach admin routes');
    if (!policy.scope) throw new DomainError(ErrorCode.AUTH_SCOPE_MISSING, 'This route takes a signed-in session, not an API key');
    if (!callerHasScope(caller, policy.scope)) throw new DomainError(ErrorCode.AUTH_SCOPE_MISSING, `This API key lacks the scope ${policy.scope}`);
  }
  if (policy.who === 'admin') return requireAdmin(caller);
  if (policy.who === 'signed-in') return;
  const owner = values[policy.who.selfOrAdmin];
  // A policy naming a value the request does not carry is a declaration bug: refuse rather than let anyone through.
  if (typeof owner !== 'string') throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
  requireSelfOrAdmin(caller, owner);
};
