import { SetMetadata } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  isServiceCaller,
  isVisitorCaller,
  type AccessWho,
  type AnyCaller,
  type ApiScope,
  type ServiceName,
  type VisitorCaller,
} from '@labeldesk/contracts';
import { enforceAccess } from './caller.policy';

export const HANDLER_ACCESS = 'labeldesk:handler-access';

/**
 * Who may call a service's handler (decision 049), besides the services listed:
 * - the gateway's kinds of user (`public`: no caller needed at all; `signed-in`; `admin`; `{selfOrAdmin: field}`,
 *   the field of the request naming the user);
 * - `visitor`: a visitor the gateway vouches for, or any signed-in user (sign-in, registration, password reset);
 * - `services`: no user at all, only the services listed.
 */
export type HandlerWho = AccessWho | 'visitor' | 'services';

export interface HandlerPolicy {
  readonly who: HandlerWho;
  /** What an API key's caller needs; null: sessions only. */
  readonly scope: ApiScope | null;
  /** Services that may call it on their own account. */
  readonly services: readonly ServiceName[];
  /** The account holder's own session only: a login-as session is refused (AccessPolicy.holderOnly). */
  readonly holderOnly?: true;
}

/**
 * Declares a handler's policy; CallerGuard enforces it on every message before the handler runs, and refuses a
 * handler that declares none. Checks a declaration cannot express (an object's owner read from the database) stay in
 * the handler.
 */
export const Allow = (who: HandlerWho, options: { scope?: ApiScope; services?: readonly ServiceName[]; holderOnly?: true } = {}) =>
  SetMetadata(HANDLER_ACCESS, {
    who,
    scope: options.scope ?? null,
    services: options.services ?? [],
    ...(options.holderOnly ? { holderOnly: true as const } : {}),
  } satisfies HandlerPolicy);

const denied = () => new DomainError(ErrorCode.FORBIDDEN, 'Access denied');

/** The declared policy against the caller the message's token vouched for (null: no token). */
export const enforceHandlerAccess = (policy: HandlerPolicy, caller: AnyCaller | VisitorCaller | null, payload: unknown): void => {
  if (policy.who === 'public') return;
  if (!caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  if (isServiceCaller(caller)) {
    if (!policy.services.includes(caller.service)) throw new DomainError(ErrorCode.FORBIDDEN, 'A service cannot make this call');
    return;
  }
  if (isVisitorCaller(caller)) {
    if (policy.who !== 'visitor') throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
    return;
  }
  if (policy.who === 'services') throw denied();
  const values = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const holderOnly = policy.holderOnly ? { holderOnly: true as const } : {};
  enforceAccess({ who: policy.who === 'visitor' ? 'signed-in' : policy.who, scope: policy.scope, ...holderOnly }, caller, values);
};
