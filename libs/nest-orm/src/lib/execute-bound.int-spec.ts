import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { initOrm } from './orm.module';
import { queryBound } from './execute-bound';

const adminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

describe('statements with bound parameters (queryBound)', () => {
  const database = `labeldesk_bound_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  let orm: MikroORM;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    orm = await initOrm({ schema: 'boundtest', databaseUrl, poolMax: 2, entities: [], migrations: [] });
    await orm.em.fork().execute('create table "boundtest"."things" ("id" integer primary key, "name" text not null, "bytes" bytea, "doc" jsonb)');
  });

  afterAll(async () => {
    await orm.close();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  });

  it('stores every byte of a Buffer and every character of a string as given, and answers the rows', async () => {
    const bytes = Buffer.from([0, 255, 92, 39, 63, 1]);
    const name = `it's a "name" with ? and \\ and ${'é'}`;
    const rows = await queryBound<{ id: number; name: string; bytes: Buffer; doc: unknown }>(
      orm.em.fork(),
      'insert into "boundtest"."things" ("id", "name", "bytes", "doc") values (?, ?, ?, ?::jsonb) returning *',
      [1, name, bytes, JSON.stringify({ a: [1, 'two'] })],
    );
    expect(rows).toEqual([{ id: 1, name, bytes, doc: { a: [1, 'two'] } }]);
  });

  it('throws the exceptions execute throws, so a unique violation is still recognised as one', async () => {
    await queryBound(orm.em.fork(), 'insert into "boundtest"."things" ("id", "name") values (?, ?)', [2, 'first']);
    await expect(queryBound(orm.em.fork(), 'insert into "boundtest"."things" ("id", "name") values (?, ?)', [2, 'again'])).rejects.toBeInstanceOf(
      UniqueConstraintViolationException,
    );
  });

  it("runs inside the entity manager's transaction: rolled back with it", async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        await queryBound(em, 'insert into "boundtest"."things" ("id", "name") values (?, ?)', [3, 'undone']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queryBound(orm.em.fork(), 'select "id" from "boundtest"."things" where "id" = ?', [3])).toEqual([]);
  });
});
