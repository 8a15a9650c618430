import { DomainError, ErrorCode, isServiceCaller, type AnyCaller, type Caller, type ServiceName } from '@labeldesk/contracts';

/** The gateway checks these already; services check again so no other caller can skip them. */
export const requireAdmin = (caller: Caller): void => {
  if (caller.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
};

/** True when the caller owns the object or is an admin; for checks that answer "not found" instead of 403. */
export const ownsOrAdmin = (caller: Caller, ownerId: string): boolean => caller.role === 'admin' || caller.userId === ownerId;

export const requireSelfOrAdmin = (caller: Caller, userId: string): void => {
  if (!ownsOrAdmin(caller, userId)) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};

/** Only the services named, acting on their own account: no user, not even an admin, makes this call. */
export const requireService = (caller: AnyCaller, ...services: ServiceName[]): void => {
  if (!isServiceCaller(caller) || !services.includes(caller.service)) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};

/** The user themselves, an admin, or one of the services named. */
export const requireSelfAdminOrService = (caller: AnyCaller, userId: string, ...services: ServiceName[]): void => {
  if (isServiceCaller(caller)) return requireService(caller, ...services);
  requireSelfOrAdmin(caller, userId);
};

/** An admin, or one of the services named. */
export const requireAdminOrService = (caller: AnyCaller, ...services: ServiceName[]): void => {
  if (isServiceCaller(caller)) return requireService(caller, ...services);
  requireAdmin(caller);
};
