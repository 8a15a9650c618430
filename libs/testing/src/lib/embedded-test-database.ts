import { createEmbeddedDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { join } from 'node:path';
import { copyPgliteTemplate } from './pglite-template';

/**
 * A fresh embedded PGlite served like `npm start` serves it, its data folder a copy of the empty cluster
 * (pglite-template.ts) rather than one PGlite's initdb makes at every start: the same database, in seconds.
 */
export const createEmbeddedDatabaseFromTemplate = (): Promise<TestDatabase> => createEmbeddedDatabase((dir) => copyPgliteTemplate(join(dir, 'pgdata')));
