import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../lib/embedded/embedded-postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the real PostgreSQL server (TEST_POSTGRES_URL, default the local one), dropped afterwards. */
export const createPostgresDatabase = async (prefix: string): Promise<TestDatabase> => {
  const adminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    // Only the database changes; parameters such as sslmode stay.
    url: adminUrl.replace(/\/[^/?]*(\?.*)?$/, (_path, query: string | undefined) => `/${name}${query ?? ''}`),
    drop: async () => {
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
};

/** A fresh embedded PGlite served like `npm start` serves it. */
export const createEmbeddedDatabase = async (seed?: (dataDir: string) => Promise<void>): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-test-db-'));
  try {
    // `seed` fills the data folder before PGlite opens it (a copied empty cluster: libs/testing's pglite-template).
    await seed?.(dir);
    const server = await startEmbeddedPostgres(dir);
    return {
      url: server.url,
      drop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};
