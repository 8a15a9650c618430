import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { clusterAt, copyCluster, copyPgliteTemplate, once, pgliteVersion } from './pglite-template';

/**
 * Every service migrates its schema at its start: on an empty database that is every migration of five services, about
 * 1.6 of an embedded start's 7 CPU-s and 0.9 of a distributed one's 9.6 (0.4 of it PostgreSQL's), at each of a CI
 * run's sixty-odd system starts. A test system starts instead from a database already migrated to the build's migrations (decision 130): a
 * copy of a migrated PGlite folder (embedded), `create database … template` of a migrated database (distributed). The
 * template holds the schemas and the migrations' bookkeeping only — it is made by running the migrations alone
 * (migrate-database.js), never by starting a system — so a system's first start still seeds its admin, default
 * services and settings from its own environment. It is made once per machine (PGlite) or server (PostgreSQL) and build:
 * its name carries a hash of the built migrations and of the code that runs them, so a changed migration makes a new
 * one. A test of migrations themselves, or of a first start on an empty database, asks for `emptyDatabase`.
 */
const root = resolve(__dirname, '../../../..');
const SERVICES = ['auth', 'payments', 'address', 'pricing', 'orders'];
const MIGRATE = join(root, 'libs/testing/migrate-database.js');

const packageVersion = (name: string): string => (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

let key: string | undefined;

/** A hash of what the migrations do: every service's built migrations, nest-orm's code that runs them, MikroORM's version. */
export const migrationsKey = (): string => {
  if (key) return key;
  const hash = createHash('sha256');
  const add = (path: string) => hash.update(path).update('\0').update(readFileSync(join(root, path))).update('\0');
  for (const service of SERVICES) {
    const dir = `services/${service}/dist/database/migrations`;
    for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith('.js')).sort()) add(`${dir}/${file}`);
  }
  for (const file of ['orm.module.js', 'service-migration.js', 'schema-table.js']) add(`libs/nest-orm/dist/lib/${file}`);
  add('libs/testing/migrate-database.js');
  hash.update(packageVersion('@mikro-orm/core')).update(packageVersion('@mikro-orm/migrations'));
  key = hash.digest('hex').slice(0, 20);
  return key;
};

/** Runs migrate-database.js (its own process: the builds' migrations, not the sources jest would load). */
const migrate = async (...args: string[]): Promise<void> => {
  try {
    await promisify(execFile)(process.execPath, [MIGRATE, ...args], { env: { ...process.env, LOG_LEVEL: 'warn' } });
  } catch (error) {
    const failed = error as Error & { stderr?: string; stdout?: string };
    throw new Error(`migrating a template database failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
};

/**
 * The folder of a PGlite cluster migrated to the build's migrations, made the first time a test on this machine asks:
 * a copy of the empty cluster, served as the embedded mode serves it while migrate-database.js migrates it.
 */
export const migratedPgliteTemplate = once(() =>
  clusterAt(join(tmpdir(), `labeldesk-pglite-migrated-${pgliteVersion()}-${migrationsKey()}`), async (pgDir) => {
    await copyPgliteTemplate(pgDir);
    await migrate('embedded', dirname(pgDir));
  }),
);

/** Copies the migrated cluster to `pgDir` (which must not exist yet), where PGlite will open it as its data folder. */
export const copyMigratedPgliteTemplate = async (pgDir: string): Promise<void> => {
  copyCluster(await migratedPgliteTemplate(), pgDir);
};

/** The PostgreSQL server the tests make their databases on (TEST_POSTGRES_URL, by default the local one). */
export const testPostgresUrl = (): string => process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A database's URL on the server of `adminUrl`: only the path changes, its parameters (sslmode=…) stay. */
export const databaseUrlOf = (adminUrl: string, database: string): string =>
  adminUrl.replace(/\/[^/?]*(\?.*)?$/, (_path, query: string | undefined) => `/${database}${query ?? ''}`);

/** What a finished template says of itself: a template database without it is a maker's that did not finish. */
const MIGRATED = 'labeldesk test template: migrated';

const postgresMade = new Map<string, Promise<string>>();

/**
 * The name of a database on the server of `adminUrl` migrated to the build's migrations, for `create database …
 * template`; made the first time a test against that server asks. Its makers take turns on an advisory lock, and a
 * template is finished when its comment says so: a maker that died half-way leaves one the next maker drops.
 */
export const migratedPostgresTemplate = (adminUrl: string): Promise<string> => {
  let made = postgresMade.get(adminUrl);
  if (!made) {
    made = makePostgresTemplate(adminUrl).catch((error: unknown) => {
      postgresMade.delete(adminUrl);
      throw error;
    });
    postgresMade.set(adminUrl, made);
  }
  return made;
};

const makePostgresTemplate = async (adminUrl: string): Promise<string> => {
  const name = `labeldesk_template_${migrationsKey()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const finished = async () => {
      const found = await admin.query<{ comment: string | null }>('select shobj_description(oid, \'pg_database\') as comment from pg_database where datname = $1', [name]);
      return found.rows[0] ? found.rows[0].comment === MIGRATED : undefined;
    };
    if (await finished()) return name;
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const state = await finished();
      if (state) return name;
      if (state === false) await admin.query(`drop database "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      await migrate('postgres', databaseUrlOf(adminUrl, name));
      // Nobody connects to a template: `create database … template` refuses a source anyone is connected to.
      await admin.query(`alter database "${name}" with allow_connections false`);
      await admin.query(`comment on database "${name}" is '${MIGRATED}'`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await admin.end();
  }
};

