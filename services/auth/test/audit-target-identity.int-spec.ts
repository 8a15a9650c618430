import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AuditRepository } from '../src/audit/audit.repository';
import { authMigrations } from '../src/database/migrations';
import { User } from '../src/users/user.entity';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('auth_audit_identity_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

describe.each(databases)('the audit log keeps whom an action was taken on, on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let audit: AuditRepository;
  const admin = randomUUID();
  const options = (migrations = authMigrations) => ({ schema: 'auth', databaseUrl: database.url, poolMax: 4, entities: [User], migrations });

  const addUser = (db: MikroORM, name: string, email: string): Promise<string> => {
    const id = randomUUID();
    return db.em
      .fork()
      .execute(
        `insert into "auth"."users" ("id", "name", "email", "password_hash", "role", "activation", "referral_code", "registered_at", "tokens_valid_after")
         values (?, ?, ?, 'x', 'user', 'allow', ?, now(), now())`,
        [id, name, email, `code-${id}`],
      )
      .then(() => id);
  };
  const deleteUser = (id: string) => orm.em.fork().execute(`update "auth"."users" set "deleted_at" = now(), "name" = 'renamed later' where "id" = ?`, [id]);
  const entryFor = async (targetId: string) => (await audit.page({ targetId, page: 1, limit: 10 })).items;

  let before: { kept: string; gone: string };

  beforeAll(async () => {
    database = await createDatabase();
    // An install before the change: entries about a user who is still there and about one whose row is missing.
    const old = await initOrm(options(authMigrations.filter((m) => m.name !== 'Migration007AuditTargetIdentity')));
    const kept = await addUser(old, 'Kept Person', 'kept@example.com');
    const gone = randomUUID();
    const insert = (targetId: string, snapshot: unknown) =>
      old.em.fork().execute(
        `insert into "auth"."audit_log" ("id", "actor_id", "action", "target_type", "target_id", "before", "after") values (?, ?, 'user.delete', 'user', ?, ?::jsonb, 'null'::jsonb)`,
        [randomUUID(), admin, targetId, JSON.stringify(snapshot)],
      );
    await insert(kept, { name: 'Kept Person', email: 'kept@example.com' });
    await insert(gone, { name: 'Gone Person', email: 'gone@example.com', role: 'user' });
    await old.close();
    before = { kept, gone };
    orm = await initOrm(options());
    audit = new AuditRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('stores the name and e-mail of a user target as they were, and shows them after the user is deleted', async () => {
    const target = await addUser(orm, 'Dora Deleted', 'dora@example.com');
    await audit.append({ actorId: admin, action: 'user.delete', targetType: 'user', targetId: target, before: { name: 'Dora Deleted' }, after: null });
    await deleteUser(target);
    expect(await entryFor(target)).toEqual([expect.objectContaining({ targetId: target, targetName: 'Dora Deleted', targetEmail: 'dora@example.com' })]);
  });

  it('falls back to the snapshot before the action when the user has no row', async () => {
    const target = randomUUID();
    await audit.append({ actorId: admin, action: 'user.role', targetType: 'user', targetId: target, before: { name: 'Snap Shot', email: 'snap@example.com' }, after: null });
    expect(await entryFor(target)).toEqual([expect.objectContaining({ targetName: 'Snap Shot', targetEmail: 'snap@example.com' })]);
  });

  it('keeps no name for targets that are not users', async () => {
    const orderId = randomUUID();
    await audit.append({ actorId: admin, action: 'label.void', targetType: 'order', targetId: orderId, before: { name: 'not a person' }, after: null });
    expect(await entryFor(orderId)).toEqual([expect.objectContaining({ targetName: null, targetEmail: null })]);
  });

  it('fills in entries written before the change, from the user row or else the snapshot', async () => {
    expect(await entryFor(before.kept)).toEqual([expect.objectContaining({ targetName: 'Kept Person', targetEmail: 'kept@example.com' })]);
    expect(await entryFor(before.gone)).toEqual([expect.objectContaining({ targetName: 'Gone Person', targetEmail: 'gone@example.com' })]);
  });
});
