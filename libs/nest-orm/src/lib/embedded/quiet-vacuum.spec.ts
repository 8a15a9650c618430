import { PGlite } from '@electric-sql/pglite';
import { ConnectionLock } from './connection-lock';
import { vacuumIfQuiet, vacuumStateNow, type VacuumThresholds } from './quiet-vacuum';

// A new PGlite runs initdb (seconds of WebAssembly on a quiet machine, over a minute on a busy one): the hooks wait
// for the database, however long the machine takes; the tests themselves keep jest's bound.
const MAKE_DATABASE_MS = 600_000;
jest.setTimeout(60_000);

/** Small enough for a test: a pass is due after 1 MB of log, and a look is quiet under 64 kB. */
const small: VacuumThresholds = { afterWalBytes: 1024 * 1024, quietWalBytes: 64 * 1024 };

describe('vacuumIfQuiet', () => {
  let db: PGlite;
  const tableBytes = async () => Number((await db.query<{ bytes: number }>(`select pg_total_relation_size('items') as bytes`)).rows[0]?.bytes);
  /** Every row written again, as a bulk label's item is: the old versions stay behind until a vacuum. */
  const rewriteAll = () => db.exec(`update items set note = note || 'x'`);

  // One database for the file (a new PGlite runs initdb, seconds of WebAssembly): each test has a table of its own,
  // made anew, and counts the log from where it stands when the test begins (vacuumStateNow).
  beforeAll(async () => {
    db = await PGlite.create();
  }, MAKE_DATABASE_MS);

  beforeEach(async () => {
    await db.exec(`drop table if exists items; create table items (id int primary key, note text not null); insert into items select g, repeat('n', 400) from generate_series(1, 5000) g`);
  });

  afterAll(async () => {
    await db.close();
  });

  /** A pass due at the next look: rows rewritten, then one look that finds the database still being written. */
  const passDue = async (lock: ConnectionLock) => {
    const state = await vacuumStateNow(db, lock);
    await rewriteAll();
    await rewriteAll();
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBe(0);
    return state;
  };

  it('does nothing while the database writes less than the threshold since the last pass', async () => {
    const lock = new ConnectionLock();
    const state = await vacuumStateNow(db, lock);
    await db.exec('update items set note = note where id = 1');
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBe(0);
  });

  it('does nothing while the database is still being written (a batch running), then vacuums once it is quiet', async () => {
    const lock = new ConnectionLock();
    const state = await vacuumStateNow(db, lock);
    await rewriteAll();
    await rewriteAll();
    // Written since the last look: not quiet.
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBe(0);
    // Nothing written since: quiet, and more than the threshold since the last pass.
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBeGreaterThan(1);
    // The pass counts from here: not due again until the database has written as much again.
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBe(0);
  });

  it('makes the old versions of rewritten rows reusable: the table stops growing with each rewrite', async () => {
    const lock = new ConnectionLock();
    const state = await vacuumStateNow(db, lock);
    const start = await tableBytes();
    for (let i = 0; i < 4; i++) await rewriteAll();
    const grown = await tableBytes();
    expect(grown).toBeGreaterThan(3 * start);
    await vacuumIfQuiet(db, lock, state, small);
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBeGreaterThan(1);
    for (let i = 0; i < 4; i++) await rewriteAll();
    // Without the pass these rewrites would have added as much again (another ~3× the start).
    expect(await tableBytes()).toBeLessThan(grown + start);
    expect((await db.query<{ n: number }>('select count(*)::int as n from items')).rows[0]?.n).toBe(5000);
  });

  it('waits for the connection holding the lock and lets another in between two tables of the pass', async () => {
    const lock = new ConnectionLock();
    const state = await passDue(lock);
    await lock.acquire(7);
    let done = false;
    const vacuuming = vacuumIfQuiet(db, lock, state, small).then((tables) => ((done = true), tables));
    // The pass waits in the lock's queue behind connection 7 (a state, not a time): until then it cannot be done.
    for (let turns = 0; lock.queueLength === 0 && turns < 100; turns++) await new Promise((resolve) => setImmediate(resolve));
    expect(lock.queueLength).toBe(1);
    expect(done).toBe(false);
    lock.release(7);
    await lock.acquire(8);
    expect(done).toBe(false);
    lock.release(8);
    await expect(vacuuming).resolves.toBeGreaterThan(1);
    expect(lock.holder).toBeNull();
  });

  it('ends a pass at the next table once told to stop', async () => {
    const lock = new ConnectionLock();
    const state = await passDue(lock);
    await expect(vacuumIfQuiet(db, lock, state, small, () => true)).resolves.toBe(0);
    // The pass was due and did not happen: the next look makes it.
    await expect(vacuumIfQuiet(db, lock, state, small)).resolves.toBeGreaterThan(1);
  });
});
