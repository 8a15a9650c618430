import { startEmbeddedPostgres } from '@labeldesk/nest-orm';
import type { TestDatabase } from '@labeldesk/nest-orm/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyPgliteTemplate } from './pglite-template';

/**
 * A fresh embedded PGlite served like `npm start` serves it, its data folder a copy of the empty cluster
 * (pglite-template.ts) rather than one PGlite's initdb makes at every start: the same database, in seconds.
 */
export const createEmbeddedDatabaseFromTemplate = async (): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-test-db-'));
  try {
    await copyPgliteTemplate(join(dir, 'pgdata'));
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
