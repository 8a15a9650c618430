import { SetMetadata } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  isServiceCaller,
  isVisitorCaller,
  handlerPolicyOf,
  type AnyCaller,
  type ApiScope,
  type HandlerPolicy,
  type HandlerWho,
  type ServiceName,
  type VisitorCaller,
} from '@labeldesk/contracts';
import { enforceAccess } from './caller.policy';

export const HANDLER_ACCESS = 'labeldesk:handler-access';

/**
 * Declares a handler's policy by hand. Only for the orders service while its handlers move to the access their
 * contracts declare (decision 080): `@RpcHandler(contract)` already applies the same policy from the contract.
 */
export const Allow = (who: HandlerWho, options: { scope?: ApiScope; services?: readonly ServiceName[]; holderOnly?: true } = {}) =>
  SetMetadata(HANDLER_ACCESS, handlerPolicyOf({ who, ...options }));

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
