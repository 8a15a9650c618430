import { DomainError, ErrorCode, isServiceCaller, type AnyCaller } from '@labeldesk/contracts';
import { adminPowersWithheld } from './caller.policy';

/**
 * Whose objects a caller may read by id (issue 44): every owner's, or one user's. A repository adds it to the query
 * (`ownerFilterOf`), so an object that is not the caller's is not found, exactly as one that does not exist: one answer,
 * and ids cannot be probed.
 */
export type OwnerScope = { readonly everyOwner: true } | { readonly userId: string; readonly adminPowersWithheld?: true };

/**
 * An admin sees every owner's objects, unless their admin powers are withheld until they turn on two factors: then,
 * as every other user, only their own. A service sees every owner's: its contract names the services that may call.
 */
export const ownerScopeOf = (caller: AnyCaller): OwnerScope => {
  if (isServiceCaller(caller)) return { everyOwner: true };
  if (caller.role !== 'admin') return { userId: caller.userId };
  return caller.adminPowersWithheld ? { userId: caller.userId, adminPowersWithheld: true } : { everyOwner: true };
};

/** The scope as a filter on an owner column named `userId` (MikroORM's `where`): no condition for every owner. */
export const ownerFilterOf = (scope: OwnerScope): { userId?: string } => ('userId' in scope ? { userId: scope.userId } : {});

/** Every owner's rows: the scope of a service's own reads (jobs, engines, tests), which act for no caller. */
export const EVERY_OWNER: OwnerScope = { everyOwner: true };

/**
 * The scope as a condition on a raw query's owner column, to append after its `where`: nothing for every owner, else
 * the owner's id as a bound value, so another user's row never leaves the database.
 */
export const ownerCondition = (scope: OwnerScope, column: string): { sql: string; values: string[] } => {
  const owner = ownerFilterOf(scope).userId;
  return owner === undefined ? { sql: '', values: [] } : { sql: ` and ${column} = ?`, values: [owner] };
};

/**
 * What a read in the caller's scope found, or the one answer for nothing found, whether the object does not exist or
 * is another user's: NOT_FOUND with the kind's message. An admin whose powers are withheld is told instead what would
 * let them see it (decision 070: 403, not a 404), the same for a missing object as for a customer's.
 */
export const foundInScope = <T>(found: T | null, scope: OwnerScope, notFoundMessage: string): T => {
  if (found !== null) return found;
  if ('adminPowersWithheld' in scope) throw adminPowersWithheld();
  throw new DomainError(ErrorCode.NOT_FOUND, notFoundMessage);
};
