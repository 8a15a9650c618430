import {
  authMethodOf,
  callerHasScope,
  DomainError,
  ErrorCode,
  type AccessPolicy,
  type Caller,
} from '@labeldesk/contracts';

export const ADMIN_TWO_FACTOR_MESSAGE = 'Turn on two-factor authentication on your Account page to use the admin area.';

/** The one refusal of an admin power while the admin's powers are withheld until they turn on two factors. */
export const adminPowersWithheld = (): DomainError => new DomainError(ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, ADMIN_TWO_FACTOR_MESSAGE);

/**
 * Every use of an admin power passes here (an admin route, another user's object): an admin whose powers are withheld
 * until they turn on two factors (ADMIN_2FA_REQUIRED) is refused whatever the route, so no list of routes can miss one.
 */
const useAdminPower = (caller: Caller): void => {
  if (caller.adminPowersWithheld) throw adminPowersWithheld();
};

/** The gateway checks these already; services check again so no other caller can skip them. */
export const requireAdmin = (caller: Caller): void => {
  if (caller.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
  useAdminPower(caller);
};

/**
 * True when the caller owns the object or is an admin; for checks that answer "not found" instead of 403. An admin
 * reaching another user's object uses an admin power: refused (403) while their powers are withheld.
 */
export const ownsOrAdmin = (caller: Caller, ownerId: string): boolean => {
  if (caller.userId === ownerId) return true;
  if (caller.role !== 'admin') return false;
  useAdminPower(caller);
  return true;
};

/** Changes to the account's own sign-in (decision 069): never from a login-as session, whose admin is not the holder. */
export const requireAccountHolder = (caller: Caller): void => {
  if (authMethodOf(caller) === 'login_as') {
    throw new DomainError(ErrorCode.AUTH_LOGIN_AS_REFUSED, "Signed in as this customer, you cannot change their password, e-mail, two-factor sign-in, API keys or webhook secrets.");
  }
};

export const requireSelfOrAdmin = (caller: Caller, userId: string): void => {
  if (!ownsOrAdmin(caller, userId)) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
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
  if (policy.holderOnly) requireAccountHolder(caller);
  if (policy.who === 'admin') return requireAdmin(caller);
  if (policy.who === 'signed-in') return;
  const owner = values[policy.who.selfOrAdmin];
  // A policy naming a value the request does not carry is a declaration bug: refuse rather than let anyone through.
  if (typeof owner !== 'string') throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
  requireSelfOrAdmin(caller, owner);
};
