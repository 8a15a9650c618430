import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';

/** The gateway checks {userId} already; the service checks again so no other caller can skip it. */
export const requireSelfOrAdmin = (caller: Caller, userId: string): void => {
  if (caller.role !== 'admin' && caller.userId !== userId) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};
