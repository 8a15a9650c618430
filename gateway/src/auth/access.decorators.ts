import { SetMetadata } from '@nestjs/common';
import type { AccessPolicy, AccessWho, ApiScope } from '@labeldesk/contracts';

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

export const QUERY_TOKEN = 'labeldesk:query-token';

/** Downloads may carry the token as `?token=` (spec 6: the browser opens them as links). */
export const AllowQueryToken = () => SetMetadata(QUERY_TOKEN, true);
