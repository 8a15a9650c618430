import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgresThread } from './embedded-postgres-thread';

jest.setTimeout(60_000);

const query = async <Row extends object>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
};

describe('startEmbeddedPostgresThread', () => {
  let cluster: string;
  let dir: string;

  // PGlite runs initdb (seconds of WebAssembly) on a folder without a cluster: it runs once here, and each test's data
  // folder starts as a copy of that empty cluster. A start on an empty folder is startEmbeddedPostgres's own test.
  beforeAll(async () => {
    cluster = mkdtempSync(join(tmpdir(), 'embedded-pg-thread-cluster-'));
    const db = await PGlite.create(join(cluster, 'pgdata'));
    await db.close();
  });

  afterAll(() => rmSync(cluster, { recursive: true, force: true }));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'embedded-pg-thread-'));
    // cp copies the cluster's thousand small files many times faster than Node's cpSync.
    execFileSync('cp', ['-R', join(cluster, 'pgdata'), join(dir, 'pgdata')]);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the database from its own thread and keeps the data across a restart on the same folder', async () => {
    const first = await startEmbeddedPostgresThread(dir);
    // A Unix socket in a private folder, not a TCP port.
    const socketDir = decodeURIComponent(new URL(first.url).hostname);
    expect(socketDir).toMatch(/^\//);
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    await query(first.url, 'create table notes (id int primary key, body text not null)');
    await query(first.url, 'insert into notes values ($1, $2)', [1, 'kept']);
    await first.stop();
    expect(existsSync(socketDir)).toBe(false);

    const second = await startEmbeddedPostgresThread(dir);
    await expect(query(second.url, 'select body from notes where id = $1', [1])).resolves.toEqual([{ body: 'kept' }]);
    await second.stop();
  });

  it('answers rows larger than the socket buffer intact (PGlite overwrites the memory it hands over)', async () => {
    const db = await startEmbeddedPostgresThread(dir);
    try {
      const payload = randomBytes(3 * 1024 * 1024);
      await query(db.url, 'create table blobs (id int primary key, data bytea not null)');
      await query(db.url, 'insert into blobs values (1, $1), (2, $2)', [payload, payload.subarray(0, 1024 * 1024)]);
      const rows = await query<{ id: number; data: Buffer }>(db.url, 'select id, data from blobs order by id');
      expect(rows.map((row) => row.data.length)).toEqual([payload.length, 1024 * 1024]);
      expect(rows[0]?.data.equals(payload)).toBe(true);
      expect(rows[1]?.data.equals(payload.subarray(0, 1024 * 1024))).toBe(true);
    } finally {
      await db.stop();
    }
  });

  it('closes its socket on stop, so connecting fails', async () => {
    const db = await startEmbeddedPostgresThread(dir);
    await db.stop();
    await expect(query(db.url, 'select 1')).rejects.toThrow(/ECONNREFUSED|ENOENT/);
  });

  it('fails to start with the reason when another live process holds the data folder', async () => {
    writeFileSync(join(dir, 'embedded-db.lock'), String(process.ppid));
    await expect(startEmbeddedPostgresThread(dir)).rejects.toThrow(`is in use by process ${process.ppid}`);
  });

  it('does not report the database lost when it is stopped on purpose', async () => {
    const lost = jest.fn();
    const db = await startEmbeddedPostgresThread(dir, { onLost: lost });
    await query(db.url, 'select 1');
    await db.stop();
    expect(lost).not.toHaveBeenCalled();
  });
});
