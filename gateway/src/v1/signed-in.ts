import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import type { CallContext } from '../auth/request-context';

/** The guard has verified the caller on every v1 route; this only narrows the type. */
export const signedIn = (ctx: CallContext): Caller => {
  if (!ctx.caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return ctx.caller;
};
