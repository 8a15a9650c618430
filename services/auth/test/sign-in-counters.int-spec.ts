import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { authMigrations } from '../src/database/migrations';
import { SignInCounterRepository } from '../src/sessions/sign-in/sign-in-counters';
import { User } from '../src/users/user.entity';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('auth_counters_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

describe.each(databases)('sign-in counters on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let counters: SignInCounterRepository;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'auth', databaseUrl: database.url, poolMax: 10, entities: [User], migrations: authMigrations });
    counters = new SignInCounterRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const key = () => `test:${randomUUID()}`;
  const expireNow = (k: string) => orm.em.fork().execute(`update "auth"."sign_in_counters" set "expires_at" = now() - interval '1 second' where "key" = ?`, [k]);

  it('counts several keys in one statement, each in its own window', async () => {
    const [a, b] = [key(), key()];
    expect(await counters.bump([{ key: a, windowSeconds: 60 }, { key: b, windowSeconds: 3600 }])).toEqual(new Map([[a, 1], [b, 1]]));
    expect(await counters.bump([{ key: a, windowSeconds: 60 }, { key: b, windowSeconds: 3600 }])).toEqual(new Map([[a, 2], [b, 2]]));
    const rows = await orm.em.fork().execute<Array<{ key: string; seconds: number }>>(
      `select "key", round(extract(epoch from "expires_at" - now()))::int as seconds from "auth"."sign_in_counters" where "key" in (?, ?)`,
      [a, b],
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, Number(r.seconds)]))).toEqual({ [a]: 60, [b]: 3600 });
  });

  it('loses no count when 50 attempts arrive at once, as from several replicas', async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 50 }, () => counters.bump([{ key: k, windowSeconds: 60 }]).then((m) => m.get(k))));
    expect([...counts].sort((x = 0, y = 0) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('starts over at 1 once the window has ended', async () => {
    const k = key();
    for (let i = 0; i < 5; i++) await counters.bump([{ key: k, windowSeconds: 60 }]);
    await expireNow(k);
    expect((await counters.bump([{ key: k, windowSeconds: 60 }])).get(k)).toBe(1);
  });

  it('takes one back without going below zero, and clears keys', async () => {
    const [a, b] = [key(), key()];
    await counters.bump([{ key: a, windowSeconds: 60 }, { key: b, windowSeconds: 60 }]);
    await counters.takeBack(a);
    await counters.takeBack(a);
    expect((await counters.bump([{ key: a, windowSeconds: 60 }])).get(a)).toBe(1);
    await counters.clear([a, b]);
    expect((await counters.bump([{ key: b, windowSeconds: 60 }])).get(b)).toBe(1);
  });

  it('sweeps away only the counts whose window has ended', async () => {
    const [live, dead] = [key(), key()];
    await counters.bump([{ key: live, windowSeconds: 60 }, { key: dead, windowSeconds: 60 }]);
    await expireNow(dead);
    expect(await counters.sweep()).toBeGreaterThanOrEqual(1);
    const left = await orm.em.fork().execute<Array<{ key: string }>>(`select "key" from "auth"."sign_in_counters" where "key" in (?, ?)`, [live, dead]);
    expect(left.map((r) => r.key)).toEqual([live]);
  });

  it('gives existing users session version 0, so tokens issued before the upgrade stay valid', async () => {
    const columns = await orm.em.fork().execute<Array<{ column_default: string }>>(
      `select "column_default" from information_schema.columns where table_schema = 'auth' and table_name = 'users' and column_name = 'session_version'`,
    );
    expect(columns[0]?.column_default).toBe('0');
  });
});
