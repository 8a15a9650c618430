// Brings an empty database up to the built migrations of every service (libs/testing's migrated-template.ts runs it
// in a process of its own): `node libs/testing/migrate-database.js postgres <database URL>`, or
// `node libs/testing/migrate-database.js embedded <data folder>` (a folder whose pgdata is an empty PGlite cluster,
// served for the time of the migrations as the embedded mode serves it). It runs the same code a service runs at its
// start (nest-orm's initOrm, the service's own schema and migrations list, from the builds), and nothing else: no
// service starts, so nothing is seeded (the admin, the default services and the settings come from each system's own
// first start).
const { join, resolve } = require('node:path');
// The package's main is its build (libs/nest-orm/dist), as a service's is.
const { initOrm, startEmbeddedPostgres } = require('@labeldesk/nest-orm');

const root = resolve(__dirname, '../..');
const SERVICES = ['auth', 'payments', 'address', 'pricing', 'orders'];

const migrate = async (databaseUrl) => {
  for (const name of SERVICES) {
    const migrations = require(join(root, 'services', name, 'dist/database/migrations'))[`${name}Migrations`];
    if (!Array.isArray(migrations)) throw new Error(`services/${name}/dist/database/migrations exports no ${name}Migrations`);
    const orm = await initOrm({ schema: name, databaseUrl, poolMax: 2, entities: [], migrations });
    await orm.close();
  }
};

const main = async () => {
  const [mode, target] = process.argv.slice(2);
  if (mode === 'postgres' && target) return migrate(target);
  if (mode === 'embedded' && target) {
    const server = await startEmbeddedPostgres(target);
    try {
      await migrate(server.url);
    } finally {
      await server.stop();
    }
    return undefined;
  }
  throw new Error('usage: migrate-database.js postgres <database URL> | embedded <data folder>');
};

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
