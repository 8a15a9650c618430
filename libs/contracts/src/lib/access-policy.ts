import type { ApiScope } from './caller';
import type { ServiceName } from './health/health.contract';

/**
 * Who may call a route or a handler, declared with it (decision 049):
 * - `public`: anyone, no credential;
 * - `signed-in`: any signed-in user (the service checks ownership of the objects named);
 * - `admin`: admins with a session, never an API key;
 * - `{ selfOrAdmin: 'userId' }`: the user named by that route parameter (or request field), or an admin.
 */
export type AccessWho = 'public' | 'signed-in' | 'admin' | { readonly selfOrAdmin: string };

export interface AccessPolicy {
  readonly who: AccessWho;
  /** What an API key needs to call it; null: sessions only, an API key is refused (the default). */
  readonly scope: ApiScope | null;
  /**
   * Changes to how the account signs in or proves itself (password, e-mail, two factors, API keys, webhook secrets):
   * a login-as session is refused, since its admin is not the holder (decision 069). API keys follow `scope`.
   */
  readonly holderOnly?: true;
}

/** How a policy reads in docs and test names: `self-or-admin(userId) · labels:read`. */
export const describeAccess = (policy: AccessPolicy): string => {
  const who = typeof policy.who === 'string' ? policy.who : `self-or-admin(${policy.who.selfOrAdmin})`;
  if (policy.who === 'public') return who;
  return `${who} · ${policy.scope ?? 'sessions only'}${policy.holderOnly ? ' · holder only' : ''}`;
};

/**
 * Who may call a service's request handler (decision 080): the gateway's kinds of user (`public`: no caller at all;
 * `signed-in`; `admin`; `{selfOrAdmin: field}`, the request field naming the user), `visitor` (a visitor the gateway
 * vouches for, or any signed-in user: sign-in, registration, password reset) or `services` (no user at all, only the
 * services listed).
 */
export type HandlerWho = AccessWho | 'visitor' | 'services';

/** A request/reply contract's access, as written on `defineRpc`. */
export interface RpcAccess {
  readonly who: HandlerWho;
  /** What an API key's caller needs; left out: sessions only. */
  readonly scope?: ApiScope;
  /** Services that may call it on their own account. */
  readonly services?: readonly ServiceName[];
  /** The account holder's own session only: a login-as session is refused (AccessPolicy.holderOnly). */
  readonly holderOnly?: true;
}

/** A contract's access with every field spelt out: what the serving handler enforces on every message. */
export interface HandlerPolicy {
  readonly who: HandlerWho;
  readonly scope: ApiScope | null;
  readonly services: readonly ServiceName[];
  readonly holderOnly?: true;
}

export const handlerPolicyOf = (access: RpcAccess): HandlerPolicy => ({
  who: access.who,
  scope: access.scope ?? null,
  services: access.services ?? [],
  ...(access.holderOnly ? { holderOnly: true as const } : {}),
});
