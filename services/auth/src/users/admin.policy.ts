import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';

/** The gateway already refuses non-admins; the service checks again so no other caller can skip it. */
export const requireAdmin = (caller: Caller): void => {
  if (caller.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
};
