import type { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import type { ConnectionLock } from './connection-lock';

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

/**
 * Looks at the database's oldest unfrozen transaction id and, when it is `freezeAtAge` old or more, runs
 * `VACUUM (FREEZE)`. Waits for the connection lock, so never inside another connection's transaction; the
 * connections wait for it meanwhile. Answers whether it froze.
 */
export async function freezeIfOld(db: PGlite, lock: ConnectionLock, freezeAtAge = FREEZE_AT_AGE): Promise<boolean> {
  await lock.acquire(MAINTENANCE);
  try {
    const { rows } = await db.query<{ age: number }>('select age(datfrozenxid) as age from pg_database where datname = current_database()');
    const age = Number(rows[0]?.age ?? 0);
    if (age < freezeAtAge) return false;
    logger.warn(`the oldest unfrozen transaction is ${age.toLocaleString('en-US')} transactions old: freezing (the database waits meanwhile)`);
    const started = Date.now();
    await db.exec('vacuum (freeze)');
    logger.log(`frozen in ${Date.now() - started} ms`);
    return true;
  } finally {
    lock.release(MAINTENANCE);
  }
}

/** Runs freezeIfOld a minute after the start and every six hours; `stop` ends it. */
export function guardAgainstWraparound(db: PGlite, lock: ConnectionLock): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const look = (after: number) => {
    timer = setTimeout(() => {
      freezeIfOld(db, lock)
        .catch((error: unknown) => logger.error(`wraparound guard: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => look(LOOK_EVERY_MS));
    }, after);
    timer.unref();
  };
  look(FIRST_LOOK_MS);
  return { stop: () => clearTimeout(timer) };
}
