import type { MigrationObject } from '@mikro-orm/core';
import { Client } from 'pg';
import { initOrm } from './orm.module';
import { ServiceMigration } from './service-migration';

const adminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Slow on purpose: without the lock a second replica starts the same migration while the first is inside it. */
class MigrationSlowTable extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create table ${this.table('things')} ("id" integer primary key)`);
    this.addSql('select pg_sleep(0.5)');
    this.addSql(`insert into ${this.table('things')} ("id") values (1)`);
  }
}
const migrations: MigrationObject[] = [{ name: 'MigrationSlowTable', class: MigrationSlowTable }];

describe('migrations with several replicas starting at once', () => {
  const database = `labeldesk_lock_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
  });

  afterAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  });

  it('applies each migration once while the other replicas wait, and every replica starts', async () => {
    const replicas = await Promise.all([1, 2, 3].map(() => initOrm({ schema: 'locktest', databaseUrl, poolMax: 2, entities: [], migrations })));
    try {
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      const things = await db.query('select count(*)::int as n from "locktest"."things"');
      const applied = await db.query(`select count(*)::int as n from "locktest"."mikro_orm_migrations" where "name" like 'MigrationSlowTable%'`);
      await db.end();
      expect([things.rows[0]?.n, applied.rows[0]?.n]).toEqual([1, 1]);
    } finally {
      await Promise.all(replicas.map((orm) => orm.close()));
    }
  }, 60_000);
});
