import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';

/** The gateway checks these already; services check again so no other caller can skip them. */
export const requireAdmin = (caller: Caller): void => {
  if (caller.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
};

/** True when the caller owns the object or is an admin; for checks that answer "not found" instead of 403. */
export const ownsOrAdmin = (caller: Caller, ownerId: string): boolean => caller.role === 'admin' || caller.userId === ownerId;

export const requireSelfOrAdmin = (caller: Caller, userId: string): void => {
  if (!ownsOrAdmin(caller, userId)) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};
