import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { UNSYNCED_COMMIT, UNSYNCED_COMMIT_CTE } from '../unsynced-commit';

jest.setTimeout(60_000);

describe('startEmbeddedPostgres', () => {
  let dir: string;
  let pg: EmbeddedPostgres;
  const clients: Client[] = [];

  const connect = async () => {
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
    pg = await startEmbeddedPostgres(dir);
    const setup = await connect();
    await setup.query('create table counters (id int primary key, value int not null)');
    await setup.query('insert into counters values (1, 0)');
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers parameterised queries from many connections without mixing their statements', async () => {
    const [a, b, c] = await Promise.all([connect(), connect(), connect()]);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => [a, b, c][i % 3]!.query<{ n: number; s: string }>('select $1::int as n, $2::text as s', [i, `row-${i}`])),
    );
    results.forEach((result, i) => expect(result.rows[0]).toEqual({ n: i, s: `row-${i}` }));
  });

  it("runs with a 32MB buffer pool, not PGlite's 128MB, so the process's memory stays low", async () => {
    const client = await connect();
    const { rows } = await client.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });

  it('syncs every commit to disk before answering it (PGlite alone syncs nothing: fsync off, no fsync in its file system)', async () => {
    const client = await connect();
    expect((await client.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
    expect((await client.query<{ wal_sync_method: string }>('show wal_sync_method')).rows[0]?.wal_sync_method).toBe('fsync');
    const fsyncs = jest.spyOn(fs, 'fsyncSync');
    try {
      for (let i = 2; i < 7; i++) await client.query('insert into counters values ($1, 0)', [i]);
      expect(fsyncs.mock.calls.length).toBeGreaterThanOrEqual(5);
    } finally {
      fsyncs.mockRestore();
      await client.query('delete from counters where id > 1');
    }
  });

  it('lets a statement marked with the unsynced-commit CTE commit without a sync, and the next plain commit syncs it too', async () => {
    const client = await connect();
    const fsyncs = jest.spyOn(fs, 'fsyncSync');
    try {
      for (let i = 2; i < 7; i++) {
        await client.query(`with ${UNSYNCED_COMMIT_CTE} insert into counters select v.id, 0 from (values ($1::int)) as v(id), ${UNSYNCED_COMMIT}`, [i]);
      }
      expect(fsyncs.mock.calls.length).toBe(0);
      // Only that transaction went without: the session's setting is untouched.
      expect((await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]?.synchronous_commit).toBe('on');
      await client.query('insert into counters values (7, 0)');
      expect(fsyncs.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect((await client.query<{ n: string }>('select count(*) as n from counters where id between 2 and 7')).rows[0]?.n).toBe('6');
    } finally {
      fsyncs.mockRestore();
      await client.query('delete from counters where id > 1');
    }
  });

  it('keeps concurrent transactions apart so increments are never lost', async () => {
    const workers = await Promise.all([connect(), connect(), connect()]);
    await Promise.all(
      workers.map(async (client) => {
        for (let i = 0; i < 10; i++) {
          await client.query('begin');
          const { rows } = await client.query<{ value: number }>('select value from counters where id = 1');
          await new Promise((r) => setTimeout(r, 1));
          await client.query('update counters set value = $1 where id = 1', [rows[0]!.value + 1]);
          await client.query('commit');
        }
      }),
    );
    const check = await connect();
    const { rows } = await check.query<{ value: number }>('select value from counters where id = 1');
    expect(rows[0]!.value).toBe(30);
  });

  it('rolls back the transaction of a connection that disappears inside it', async () => {
    const quitter = new Client({ connectionString: pg.url });
    quitter.on('error', () => undefined); // it is about to lose its connection on purpose
    await quitter.connect();
    await quitter.query('begin');
    await quitter.query('update counters set value = -1 where id = 1');
    (quitter as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const other = await connect();
    const { rows } = await other.query<{ value: number }>('select value from counters where id = 1');
    expect(rows[0]!.value).toBe(30);
  });

  it('listens on loopback only and refuses a connection without the password, or with a wrong one', async () => {
    const url = new URL(pg.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.password).toMatch(/^[0-9a-f]{48}$/);
    for (const password of ['', 'not-the-password', `${url.password}x`]) {
      const stranger = new Client({ host: url.hostname, port: Number(url.port), user: 'postgres', database: 'postgres', password });
      await expect(stranger.connect()).rejects.toMatchObject({ code: '28P01' });
      await stranger.end().catch(() => undefined);
    }
    const owner = await connect();
    await expect(owner.query('select value from counters where id = 1')).resolves.toMatchObject({ rowCount: 1 });
  });

  it('refuses a second process on the same data folder', async () => {
    const lockFile = join(dir, 'embedded-db.lock');
    const { writeFileSync, readFileSync } = await import('node:fs');
    const mine = readFileSync(lockFile, 'utf8');
    writeFileSync(lockFile, String(process.ppid)); // a live process that is not us
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/is in use by process/);
    writeFileSync(lockFile, mine);
  });
});
