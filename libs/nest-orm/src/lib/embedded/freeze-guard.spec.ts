import { PGlite } from '@electric-sql/pglite';
import { ConnectionLock } from './connection-lock';
import { FREEZE_AT_AGE, freezeIfOld } from './freeze-guard';

// A new PGlite runs initdb (seconds of WebAssembly on a quiet machine, over a minute on a busy one): the hooks wait
// for the database, however long the machine takes; the tests themselves keep jest's bound.
const MAKE_DATABASE_MS = 600_000;
jest.setTimeout(60_000);

describe('freezeIfOld', () => {
  let db: PGlite;
  const age = async () => Number((await db.query<{ age: number }>('select age(datfrozenxid) as age from pg_database where datname = current_database()')).rows[0]?.age);

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table rows_written (id int primary key)');
    for (let i = 0; i < 50; i++) await db.query('insert into rows_written values ($1)', [i]);
  }, MAKE_DATABASE_MS);

  afterAll(async () => {
    await db.close();
  });

  it('leaves a database younger than the threshold alone', async () => {
    const before = await age();
    expect(before).toBeLessThan(FREEZE_AT_AGE);
    await expect(freezeIfOld(db, new ConnectionLock())).resolves.toBe(0);
    expect(await age()).toBeGreaterThanOrEqual(before);
  });

  it('freezes a database as old as the threshold table by table, so its oldest unfrozen transaction is young again', async () => {
    for (let i = 50; i < 100; i++) await db.query('insert into rows_written values ($1)', [i]);
    const before = await age();
    expect(before).toBeGreaterThan(50);
    await expect(freezeIfOld(db, new ConnectionLock(), 50)).resolves.toBeGreaterThan(1);
    expect(await age()).toBeLessThan(before);
    expect((await db.query<{ n: number }>('select count(*)::int as n from rows_written')).rows[0]?.n).toBe(100);
  });

  it('waits for the connection holding the lock (its transaction is never cut into), lets another in between the steps of the pass and gives the lock back', async () => {
    await db.query('insert into rows_written values (100)');
    const lock = new ConnectionLock();
    await lock.acquire(7);
    let done = false;
    const freezing = freezeIfOld(db, lock, 1).then((frozen) => ((done = true), frozen));
    // The pass waits in the lock's queue behind connection 7 (a state, not a time): until then it cannot be done.
    for (let turns = 0; lock.queueLength === 0 && turns < 100; turns++) await new Promise((resolve) => setImmediate(resolve));
    expect(lock.queueLength).toBe(1);
    expect(done).toBe(false);
    lock.release(7);
    // A connection asking meanwhile gets the lock between two steps of the pass, before the pass ends.
    await lock.acquire(8);
    expect(done).toBe(false);
    lock.release(8);
    await expect(freezing).resolves.toBeGreaterThan(1);
    expect(lock.holder).toBeNull();
  });
});
