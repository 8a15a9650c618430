import {
  DomainError,
  ErrorCode,
  isServiceCaller,
  isVisitorCaller,
  type AnyCaller,
  type HandlerPolicy,
  type VisitorCaller,
} from '@labeldesk/contracts';
import { enforceAccess } from './caller.policy';

/** Where `@RpcHandler(contract)` puts the access its contract declares, for CallerGuard (decision 080). */
export const HANDLER_ACCESS = 'labeldesk:handler-access';

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
