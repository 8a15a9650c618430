import type { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import type { ConnectionLock } from './connection-lock';
import { repeatPass } from './maintenance-timer';

const logger = new Logger('EmbeddedPostgres');

/**
 * PGlite runs PostgreSQL without autovacuum (single-user mode), so the old version of every row updated or deleted
 * stays in its table for good: each bulk label rewrites its item several times, so without a vacuum the data folder
 * grows with every batch (decision 065). The embedded database vacuums itself instead: a plain VACUUM (the space made
 * reusable, nothing rewritten), one table at a time, once it has written VACUUM_AFTER_WAL_BYTES of log since its last
 * pass and then stays quiet (less than QUIET_WAL_BYTES written) for a look's interval, i.e. between batches rather
 * than during one, whose statements would wait for it on the database's one thread. Reads go on meanwhile: the lock
 * is held for one table, not the pass.
 */
export const VACUUM_AFTER_WAL_BYTES = 64 * 1024 * 1024;
export const QUIET_WAL_BYTES = 1024 * 1024;
const LOOK_EVERY_MS = 30_000;
/** The pass's place in the connection lock: connections are numbered from 1, the freeze guard is 0. */
const VACUUM_PASS = -1;

const holdingLock = <T>(lock: ConnectionLock, work: () => Promise<T>): Promise<T> => lock.holding(VACUUM_PASS, work);

export interface VacuumState {
  /** Where the log stood at the last look, and after the last pass (or at the start): bytes from its beginning. */
  lookedAt: number;
  vacuumedAt: number;
}

export interface VacuumThresholds {
  afterWalBytes: number;
  quietWalBytes: number;
}

const DEFAULTS: VacuumThresholds = { afterWalBytes: VACUUM_AFTER_WAL_BYTES, quietWalBytes: QUIET_WAL_BYTES };

/** The log's position now, in bytes from its beginning (exact in a double up to 8 PB). */
const walPosition = (db: PGlite, lock: ConnectionLock): Promise<number> =>
  holdingLock(lock, async () => {
    const { rows } = await db.query<{ bytes: number }>(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as "bytes"`);
    const bytes = rows[0]?.bytes;
    if (bytes === undefined) throw new Error('the log position could not be read');
    return bytes;
  });

/** A state to start looking from: the log as it stands now. */
export const vacuumStateNow = async (db: PGlite, lock: ConnectionLock): Promise<VacuumState> => {
  const at = await walPosition(db, lock);
  return { lookedAt: at, vacuumedAt: at };
};

/**
 * One look: when the database wrote `afterWalBytes` of log since its last pass and less than `quietWalBytes` since
 * the last look, vacuums every table, largest first, one at a time, until `stopped` says so. Updates `state`; answers
 * how many tables were vacuumed.
 */
export async function vacuumIfQuiet(db: PGlite, lock: ConnectionLock, state: VacuumState, thresholds: VacuumThresholds = DEFAULTS, stopped = () => false): Promise<number> {
  const at = await walPosition(db, lock);
  const [sinceLook, sincePass] = [at - state.lookedAt, at - state.vacuumedAt];
  state.lookedAt = at;
  if (sinceLook >= thresholds.quietWalBytes || sincePass < thresholds.afterWalBytes) return 0;
  const tables = await holdingLock(lock, async () =>
    (await db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'm') order by pg_relation_size(c.oid) desc`,
    )).rows.map((row) => row.name),
  );
  const started = Date.now();
  let vacuumed = 0;
  for (const table of tables) {
    if (stopped()) return vacuumed;
    await holdingLock(lock, () => db.exec(`vacuum ${table}`));
    vacuumed++;
  }
  state.vacuumedAt = await walPosition(db, lock);
  state.lookedAt = state.vacuumedAt;
  logger.log(`${vacuumed} table(s) vacuumed in ${Date.now() - started} ms, after ${Math.round(sincePass / 1_048_576)} MB of log`);
  return vacuumed;
}

/**
 * Looks every 30 s (vacuumIfQuiet), counting the log from the start; `stop` ends it (a pass under way ends with its
 * current table).
 */
export function vacuumWhenQuiet(db: PGlite, lock: ConnectionLock): { stop(): void } {
  let state: VacuumState | null = null;
  const begin = () => vacuumStateNow(db, lock).then((now) => void (state ??= now));
  const failed = (error: unknown) => logger.error(`vacuum: ${error instanceof Error ? error.message : String(error)}`);
  const looking = repeatPass(LOOK_EVERY_MS, LOOK_EVERY_MS, (stopped) => (state ? vacuumIfQuiet(db, lock, state, DEFAULTS, stopped) : begin()), failed);
  // From the start, so that a first batch soon after it counts; a look that finds no state tries again.
  begin().catch((error: unknown) => {
    if (!looking.stopped()) failed(error);
  });
  return looking;
}
