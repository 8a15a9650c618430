import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import { generate } from 'otplib';
import { randomUUID } from 'node:crypto';
import { AuditRepository } from '../src/audit/audit.repository';
import { authMigrations } from '../src/database/migrations';
import { SecretBox } from '../src/two-factor/secret-box';
import { newTotpSecret } from '../src/two-factor/totp';
import { MAX_WRONG_CODES, TwoFactorCodes, WRONG_CODES_WINDOW_SECONDS } from '../src/two-factor/two-factor-codes';
import { TwoFactorRepository } from '../src/two-factor/two-factor.repository';
import { User } from '../src/users/user.entity';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('auth_two_factor_failures_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

// The middle of a 30-second step: 2027-01-15T08:00:15Z.
const START = (1_800_000_000 + 15) * 1000;
const WINDOW_MS = WRONG_CODES_WINDOW_SECONDS * 1000;

/**
 * Wrong two-factor codes counted per account in the database (decision 071): the count holds when 40 requests race
 * (the attempt is counted before the code is looked at, by one statement), the lock names its end, and time is the
 * clock the test sets.
 */
describe.each(databases)('wrong two-factor codes per account on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let repository: TwoFactorRepository;
  let audit: AuditRepository;
  const box = new SecretBox({ JWT_SECRET: 'j'.repeat(40), TOTP_ENCRYPTION_KEY: undefined });

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await createDatabase();
    orm = await initOrm({ schema: 'auth', databaseUrl: database.url, poolMax: 10, entities: [User], migrations: authMigrations });
    repository = new TwoFactorRepository(orm);
    audit = new AuditRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  /** A user with two-factor sign-in on: its secret and the user as the database has it. */
  const enrolledUser = async (): Promise<{ user: User; secret: string }> => {
    const id = randomUUID();
    const secret = newTotpSecret();
    const em = orm.em.fork();
    em.persist(Object.assign(new User(), { id, name: 'T', email: `${id}@example.com`, passwordHash: 'x', referralCode: id.slice(0, 8).toUpperCase() }));
    await em.flush();
    await repository.savePending(id, box.seal(secret));
    const pending = await orm.em.fork().findOneOrFail(User, { id });
    expect(await repository.enable(id, pending.totpPendingSecret ?? '', 0, ['h1'])).toBe(true);
    return { user: await orm.em.fork().findOneOrFail(User, { id }), secret };
  };

  it('admits exactly 5 of 40 attempts racing at one account, and refuses the rest until the window that the first opened ends', async () => {
    const { user } = await enrolledUser();
    const now = new Date(START);
    const answers = await Promise.all(Array.from({ length: 40 }, () => repository.admitCode(user.id, now, MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS)));
    const admitted = answers.filter((answer) => answer.admitted);
    expect(admitted.map((answer) => (answer.admitted ? answer.tried : 0)).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(answers.map((answer) => answer.windowEndsAt.toISOString()))).toEqual(new Set(['2027-01-15T08:15:15.000Z']));

    await expect(repository.admitCode(user.id, new Date(START + WINDOW_MS - 1), MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS)).resolves.toEqual({
      admitted: false,
      windowEndsAt: new Date(START + WINDOW_MS),
    });
    await expect(repository.admitCode(user.id, new Date(START + WINDOW_MS), MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS)).resolves.toEqual({
      admitted: true,
      tried: 1,
      windowEndsAt: new Date(START + 2 * WINDOW_MS),
    });
  });

  it('counts each account on its own, and forgets an account\'s count when it is cleared', async () => {
    const [{ user: a }, { user: b }] = [await enrolledUser(), await enrolledUser()];
    const now = new Date(START);
    for (let i = 0; i < MAX_WRONG_CODES; i++) await repository.admitCode(a.id, now, MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS);
    await expect(repository.admitCode(a.id, now, MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS)).resolves.toMatchObject({ admitted: false });
    await expect(repository.admitCode(b.id, now, MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS)).resolves.toMatchObject({ admitted: true, tried: 1 });
    await repository.clearCodeFailures(a.id);
    await expect(repository.admitCode(a.id, now, MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS)).resolves.toMatchObject({ admitted: true, tried: 1 });
  });

  it('checks 5 of 40 wrong codes racing through TwoFactorCodes, locks the account with one audit row, and refuses the right code until the window ends', async () => {
    const { user, secret } = await enrolledUser();
    let now = START;
    const codes = new TwoFactorCodes(repository, box, audit, { now: () => now });
    const right = await generate({ secret, epoch: Math.floor(START / 1000) });
    const wrong = Array.from({ length: 40 }, (_, i) => String(100_000 + i)).filter((code) => code !== right);
    const answers = await Promise.all(wrong.map((code) => codes.accept(user, code).then(() => 'checked', (error: unknown) => (error as DomainError).code)));
    expect(answers.filter((answer) => answer === 'checked')).toHaveLength(5);
    expect(answers.filter((answer) => answer === ErrorCode.AUTH_TWO_FACTOR_LOCKED)).toHaveLength(wrong.length - 5);

    await expect(codes.accept(user, right)).rejects.toEqual(new DomainError(ErrorCode.AUTH_TWO_FACTOR_LOCKED, 'Too many wrong codes. Please try again at 08:16 UTC.'));
    await expect(codes.accept(user, 'h1')).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_LOCKED });
    const { items } = await audit.page({ targetId: user.id, action: 'user.2fa-locked', page: 1, limit: 10 });
    expect(items.map((item) => [item.actorId, item.after])).toEqual([[user.id, { wrongCodes: 5, lockedUntil: '2027-01-15T08:15:15.000Z' }]]);

    now = START + WINDOW_MS;
    const later = await generate({ secret, epoch: Math.floor(now / 1000) });
    await expect(codes.accept(user, later)).resolves.toBe('totp');
  });
});
