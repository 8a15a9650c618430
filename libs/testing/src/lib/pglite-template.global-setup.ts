import { migratedPgliteTemplate, migratedPostgresTemplate, testPostgresUrl } from './migrated-template';
import { pgliteTemplate } from './pglite-template';

/**
 * Jest's globalSetup for the integration tests: the empty cluster is made once, before any test file runs, so no
 * file's first hook spends its time limit on PGlite's initdb (and two workers never make it at the same time). So are
 * the templates migrated to the build's migrations (migrated-template.ts) that the test systems start from; they need
 * the builds and the PostgreSQL server, so a run without them (a file of repository tests alone) only says why, and
 * a system test that needs one makes it itself and fails there if it cannot.
 */
export default async (): Promise<void> => {
  await pgliteTemplate();
  await Promise.all([migratedPgliteTemplate(), migratedPostgresTemplate(testPostgresUrl())]).catch((error: unknown) => {
    process.stderr.write(`\nThe migrated template databases were not made before the tests (a system test makes them when it needs one): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  });
};
