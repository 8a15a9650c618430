import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';

/** Every owner's rows: the scope of the service's own reads (jobs, the engine, tests), which act for no caller. */
export const EVERY_OWNER: OwnerScope = { everyOwner: true };

/**
 * The caller's scope as a condition on a raw query's owner column, to append after its `where`: nothing for every
 * owner, else the owner's id as a bound value, so another user's row never leaves the database.
 */
export const ownerCondition = (scope: OwnerScope, column: string): { sql: string; values: string[] } => {
  const owner = ownerFilterOf(scope).userId;
  return owner === undefined ? { sql: '', values: [] } : { sql: ` and ${column} = ?`, values: [owner] };
};
