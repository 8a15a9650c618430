import { isServiceCaller, type AnyCaller } from '@labeldesk/contracts';

/**
 * Whose objects a caller may read by id (issue 44): every owner's, or one user's. A repository adds it to the query
 * (`ownerFilterOf`), so an object that is not the caller's is not found, exactly as one that does not exist: one answer,
 * and ids cannot be probed.
 */
export type OwnerScope = { readonly everyOwner: true } | { readonly userId: string };

/**
 * An admin sees every owner's objects, unless their admin powers are withheld until they turn on two factors: then,
 * as every other user, only their own. A service sees every owner's: its contract names the services that may call.
 */
export const ownerScopeOf = (caller: AnyCaller): OwnerScope => {
  if (isServiceCaller(caller)) return { everyOwner: true };
  if (caller.role === 'admin' && !caller.adminPowersWithheld) return { everyOwner: true };
  return { userId: caller.userId };
};

/** The scope as a filter on an owner column named `userId` (MikroORM's `where`): no condition for every owner. */
export const ownerFilterOf = (scope: OwnerScope): { userId?: string } => ('userId' in scope ? { userId: scope.userId } : {});
