import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { authMigrations } from '../src/database/migrations';
import { TwoFactorRepository } from '../src/two-factor/two-factor.repository';
import { User } from '../src/users/user.entity';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('auth_two_factor_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

describe.each(databases)('two-factor state on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let repository: TwoFactorRepository;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'auth', databaseUrl: database.url, poolMax: 10, entities: [User], migrations: authMigrations });
    repository = new TwoFactorRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  /** A user with two-factor sign-in on, its last used step 1000 and recovery codes 'h1'..'h3'. */
  const enrolledUser = async (): Promise<string> => {
    const id = randomUUID();
    const em = orm.em.fork();
    em.persist(Object.assign(new User(), { id, name: 'T', email: `${id}@example.com`, passwordHash: 'x', referralCode: id.slice(0, 8).toUpperCase() }));
    await em.flush();
    await repository.savePending(id, 'sealed-secret');
    expect(await repository.enable(id, 'sealed-secret', 1000, ['h1', 'h2', 'h3'])).toBe(true);
    return id;
  };

  it('accepts each step once, and only steps later than the last, when 20 requests race with the same step', async () => {
    const id = await enrolledUser();
    expect(await repository.claimStep(id, 1000)).toBe(false);
    const results = await Promise.all(Array.from({ length: 20 }, () => repository.claimStep(id, 1001)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await repository.claimStep(id, 1000)).toBe(false);
    expect(await repository.claimStep(id, 1002)).toBe(true);
  });

  it('lets a recovery code be used once when 20 requests race with it, and only by its own user', async () => {
    const [id, other] = [await enrolledUser(), await enrolledUser()];
    const results = await Promise.all(Array.from({ length: 20 }, () => repository.useRecoveryCode(id, 'h2')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await repository.recoveryCodesLeft(id)).toBe(2);
    expect(await repository.useRecoveryCode(other, 'nope')).toBe(false);
  });

  it('keeps only the hash of a challenge and lets one request use it', async () => {
    const id = await enrolledUser();
    await repository.createChallenge('the-challenge', { userId: id, sessionVersion: 4, expiresAt: new Date(Date.now() + 300_000) });
    const stored = await orm.em.fork().execute<Array<{ challenge_hash: string }>>(`select "challenge_hash" from "auth"."two_factor_challenges" where "user_id" = ?`, [id]);
    expect(stored.map((row) => row.challenge_hash)).not.toContain('the-challenge');
    await expect(repository.findChallenge('the-challenge')).resolves.toMatchObject({ userId: id, sessionVersion: 4 });
    const used = await Promise.all(Array.from({ length: 10 }, () => repository.useChallenge('the-challenge')));
    expect(used.filter(Boolean)).toHaveLength(1);
    await expect(repository.findChallenge('the-challenge')).resolves.toBeNull();
  });

  it('refuses to enable with a pending secret that was replaced meanwhile, and forgets everything when turned off', async () => {
    const id = await enrolledUser();
    expect(await repository.enable(id, 'sealed-secret', 2000, ['x'])).toBe(false);
    expect(await repository.disable(id)).toBe(true);
    const [row] = await orm.em.fork().execute<Array<{ totp_secret: string | null; totp_enabled_at: Date | null; totp_last_step: number }>>(
      `select "totp_secret", "totp_enabled_at", "totp_last_step" from "auth"."users" where "id" = ?`,
      [id],
    );
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: 0 });
    expect(await repository.recoveryCodesLeft(id)).toBe(0);
    await repository.savePending(id, 'second');
    expect(await repository.enable(id, 'stale', 3000, ['y'])).toBe(false);
    expect(await repository.enable(id, 'second', 3000, ['y'])).toBe(true);
  });

  it('replaces every recovery code, used or not, and makes none for an account whose two-factor sign-in was turned off', async () => {
    const id = await enrolledUser();
    expect(await repository.useRecoveryCode(id, 'h1')).toBe(true);
    expect(await repository.replaceRecoveryCodes(id, ['n1', 'n2'])).toBe(true);
    expect(await repository.recoveryCodesLeft(id)).toBe(2);
    expect(await repository.useRecoveryCode(id, 'h2')).toBe(false);
    expect(await repository.useRecoveryCode(id, 'n1')).toBe(true);

    const [, disabled] = await Promise.all([repository.replaceRecoveryCodes(id, ['r1']), repository.disable(id)]);
    expect(disabled).toBe(true);
    // Whichever came second, no code is left on an account without two-factor sign-in.
    expect(await repository.recoveryCodesLeft(id)).toBe(0);
    expect(await repository.replaceRecoveryCodes(id, ['r2'])).toBe(false);
  });
});
