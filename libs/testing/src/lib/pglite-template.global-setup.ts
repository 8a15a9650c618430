import { pgliteTemplate } from './pglite-template';

/**
 * Jest's globalSetup for the integration tests: the empty cluster is made once, before any test file runs, so no
 * file's first hook spends its time limit on PGlite's initdb (and two workers never make it at the same time).
 */
export default async (): Promise<void> => {
  await pgliteTemplate();
};
