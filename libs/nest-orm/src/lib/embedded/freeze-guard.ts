import type { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import type { ConnectionLock } from './connection-lock';
import { repeatPass } from './maintenance-timer';

const logger = new Logger('EmbeddedPostgres');

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, and no refusal of new transactions near the transaction
 * id wraparound either (single-user mode is where an operator would vacuum). Left alone, after about two billion
 * transactions rows written long ago would turn invisible: balances and labels gone. So the embedded database freezes
 * its rows itself when the oldest unfrozen transaction id is this old, as autovacuum would (its default
 * autovacuum_freeze_max_age is 200 million). At ~1,500 transactions a 10,000-row batch that is years away.
 */
export const FREEZE_AT_AGE = 150_000_000;
/** How often the age is looked at (a one-row read): the first look one minute after the start, then this often. */
const LOOK_EVERY_MS = 6 * 3_600_000;
const FIRST_LOOK_MS = 60_000;
/** The maintenance pass's place in the connection lock: connections are numbered from 1. */
const MAINTENANCE = 0;

/** Runs `work` holding the connection lock: never inside another connection's transaction or exchange. */
const holdingLock = <T>(lock: ConnectionLock, work: () => Promise<T>): Promise<T> => lock.holding(MAINTENANCE, work);

/**
 * When the database's oldest unfrozen transaction id is `freezeAtAge` old or more, freezes every table whose own
 * oldest is at least half that, oldest first, one `VACUUM (FREEZE)` at a time: the connection lock is held for one
 * table and given back between tables, so the services wait for one table's pass, never for the whole database's.
 * Answers how many tables were frozen.
 */
export async function freezeIfOld(db: PGlite, lock: ConnectionLock, freezeAtAge = FREEZE_AT_AGE): Promise<number> {
  const age = await holdingLock(lock, async () =>
    Number((await db.query<{ age: number }>('select age(datfrozenxid) as age from pg_database where datname = current_database()')).rows[0]?.age ?? 0),
  );
  if (age < freezeAtAge) return 0;
  const tables = await holdingLock(lock, async () =>
    (await db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'm') and age(c.relfrozenxid) >= $1 order by age(c.relfrozenxid) desc`,
      [Math.floor(freezeAtAge / 2)],
    )).rows.map((row) => row.name),
  );
  logger.warn(`the oldest unfrozen transaction is ${age.toLocaleString('en-US')} transactions old: freezing ${tables.length} table(s), one at a time`);
  const started = Date.now();
  for (const table of tables) await holdingLock(lock, () => db.exec(`vacuum (freeze) ${table}`));
  logger.log(`${tables.length} table(s) frozen in ${Date.now() - started} ms`);
  return tables.length;
}

/** Runs freezeIfOld a minute after the start and every six hours; `stop` ends it (a pass under way ends its table). */
export function guardAgainstWraparound(db: PGlite, lock: ConnectionLock): { stop(): void } {
  return repeatPass(FIRST_LOOK_MS, LOOK_EVERY_MS, () => freezeIfOld(db, lock), (error) =>
    logger.error(`wraparound guard: ${error instanceof Error ? error.message : String(error)}`),
  );
}
