import { createEmbeddedDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { copyMigratedPgliteTemplate, databaseUrlOf, migratedPostgresTemplate, testPostgresUrl } from './migrated-template';

const root = resolve(__dirname, '../../../..');
const SERVICES = ['auth', 'payments', 'address', 'pricing', 'orders'];
/** How many migrations each service's build holds (its migration-*.js files). */
const builtMigrations = (service: string) => readdirSync(join(root, 'services', service, 'dist/database/migrations')).filter((f) => /^migration-\d+.*\.js$/.test(f)).length;

/** A database made from the PostgreSQL template, dropped afterwards. */
const fromPostgresTemplate = async (): Promise<TestDatabase> => {
  const adminUrl = testPostgresUrl();
  const name = `labeldesk_template_check_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${await migratedPostgresTemplate(adminUrl)}"`);
  await admin.end();
  return {
    url: databaseUrlOf(adminUrl, name),
    drop: async () => {
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
};

/**
 * What the test systems start from (decision 130): every built migration of every service applied, and nothing a
 * system's first start seeds from its own environment (the admin, the default services, the settings).
 */
describe.each([
  ['PostgreSQL', fromPostgresTemplate],
  ['PGlite', () => createEmbeddedDatabase((dir) => copyMigratedPgliteTemplate(join(dir, 'pgdata')))],
])('the migrated template database (%s)', (_kind, make) => {
  let database: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    database = await make();
    client = new Client({ connectionString: database.url });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('has every built migration of every service applied', async () => {
    for (const service of SERVICES) {
      const applied = await client.query<{ count: string }>(`select count(*) from "${service}"."mikro_orm_migrations"`);
      expect([service, Number(applied.rows[0]?.count)]).toEqual([service, builtMigrations(service)]);
    }
  });

  it('holds no user, no service and no settings a first start would seed', async () => {
    const counts = await client.query<{ users: string; defaults: string; userServices: string; accounts: string }>(
      'select (select count(*) from auth.users) as users, (select count(*) from pricing.default_services) as defaults, (select count(*) from pricing.user_services) as "userServices", (select count(*) from payments.accounts) as accounts',
    );
    expect(counts.rows[0]).toEqual({ users: '0', defaults: '0', userServices: '0', accounts: '0' });
  });
});
