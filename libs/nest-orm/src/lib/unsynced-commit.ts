/**
 * For a statement run on its own (autocommit) whose loss in a crash costs nothing but a question asked again: put
 * `UNSYNCED_COMMIT_CTE` first in its `with` and join `UNSYNCED_COMMIT` in its `from`, and its commit does not wait
 * for the disk (synchronous_commit off for that transaction alone). The log is written in order, so any later commit
 * that does wait takes this one to the disk first: a crash can lose it only while nothing durable was built on it.
 * Never inside a larger transaction: the whole transaction would then be allowed to vanish.
 */
export const UNSYNCED_COMMIT_CTE = `"unsynced_commit" as materialized (select set_config('synchronous_commit', 'off', true))`;
/** The CTE's name, to join (one row) so that PostgreSQL evaluates it. */
export const UNSYNCED_COMMIT = '"unsynced_commit"';
