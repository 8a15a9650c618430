import { SetMetadata } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import type { AccessPolicy, AccessWho, AnyRpcContract, ApiScope, HandlerPolicy } from '@labeldesk/contracts';

/** Where a route's declared policy is kept (handler first, then its controller). */
export const ACCESS_POLICY = 'labeldesk:access-policy';

/**
 * Who may call the route and, for an API key, with which scope (decision 049). Every route declares one (a test walks
 * them all); the one AccessGuard enforces it. Without a scope the route takes sessions only.
 */
export const Access = (who: AccessWho, scope: ApiScope | null = null) => SetMetadata(ACCESS_POLICY, { who, scope } satisfies AccessPolicy);

/** No credential needed (sign-in, registration, health). */
export const Public = () => Access('public');

/** Admins with a session only. */
export const AdminOnly = () => Access('admin');

/** The user named by the `{userId}` parameter, or an admin. */
export const SelfOrAdmin = (scope: ApiScope | null = null) => Access({ selfOrAdmin: 'userId' }, scope);

/** Any signed-in user; the service checks the objects named are theirs. */
export const SignedIn = (scope: ApiScope | null = null) => Access('signed-in', scope);

/**
 * What proves the account (password, e-mail, two factors, API keys, webhook secrets): never from an admin signed in as
 * the customer (decision 069). An API key reaches it only with the scope given, as anywhere else.
 */
export const HolderOnly = (scope: ApiScope | null = null, who: AccessWho = 'signed-in') =>
  SetMetadata(ACCESS_POLICY, { who, scope, holderOnly: true } satisfies AccessPolicy);

/** The route parameters a path names: `':orderId/void'` → `['orderId']`. */
const pathParameters = (path: string | string[]): string[] =>
  (Array.isArray(path) ? path : [path]).flatMap((one) => [...one.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? ''));

/**
 * What a route forwarding to a contract lets through, read from the contract's access (decision 080): a visitor's
 * contract is public here (the gateway vouches for the visitor); self-or-admin only when the route's path names the
 * user, otherwise the gateway fills the field from the caller and any signed-in user may call; scope and holder-only
 * as declared. A contract only services may call has no route.
 */
export const routePolicyOf = (contract: { subject: string; access: HandlerPolicy }, parameters: readonly string[]): AccessPolicy => {
  const { who, scope, holderOnly } = contract.access;
  if (who === 'services') throw new Error(`${contract.subject} is for services only: no route may forward to it`);
  if (who === 'public' || who === 'visitor') return { who: 'public', scope: null };
  const routeWho: AccessWho = typeof who === 'object' && !parameters.includes(who.selfOrAdmin) ? 'signed-in' : who;
  return { who: routeWho, scope, ...(holderOnly ? { holderOnly } : {}) };
};

/**
 * The route calls this contract for the request's caller and takes its access from it: the contract declares who
 * may call it once, for the service's handler and for the route alike. Put it above the route's `@Get`/`@Post`,
 * whose path it reads.
 */
export const Forwards =
  (contract: AnyRpcContract): MethodDecorator =>
  (target, key, descriptor) => {
    const path = Reflect.getMetadata(PATH_METADATA, descriptor.value as object) as string | string[] | undefined;
    if (path === undefined) throw new Error(`@Forwards(${contract.subject}) on ${String(key)}: put it above the route's @Get/@Post, whose path it reads`);
    return SetMetadata(ACCESS_POLICY, routePolicyOf(contract, pathParameters(path)))(target, key, descriptor);
  };

export const QUERY_TOKEN = 'labeldesk:query-token';

/** Downloads may carry the token as `?token=` (spec 6: the browser opens them as links). */
export const AllowQueryToken = () => SetMetadata(QUERY_TOKEN, true);
