import type { ApiScope } from './caller';

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
