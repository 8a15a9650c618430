import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDatabase, createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { Account } from '../src/accounts/account.entity';
import { AccountRepository } from '../src/accounts/account.repository';
import { paymentsMigrations } from '../src/database/migrations';
import { LedgerRepository } from '../src/ledger/ledger.repository';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('ledger_it')],
  ['embedded PGlite', createEmbeddedDatabase],
];

describe.each(databases)('ledger on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let accounts: AccountRepository;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [Account], migrations: paymentsMigrations });
    ledger = new LedgerRepository(orm);
    accounts = new AccountRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const deposit = (userId: string, amountCents: number) =>
    ledger.post({ userId, kind: 'deposit', amountCents, reference: 'test deposit', idempotencyKey: `deposit:${randomUUID()}` });

  const entrySum = async (userId: string) => {
    const [row] = await orm.em.fork().execute<Array<{ sum: string }>>('select coalesce(sum("amount_cents"), 0) as sum from "payments"."ledger_entries" where "user_id" = ?', [userId]);
    return Number(row?.sum);
  };

  it('lets exactly 50 of 200 concurrent debits through when the balance covers 50, never going negative', async () => {
    const userId = randomUUID();
    await deposit(userId, 50 * 125);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.post({ userId, kind: 'label_purchase', amountCents: -125, reference: `order ${i}`, idempotencyKey: `label:${userId}:${i}` }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toHaveLength(50);
    expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof DomainError && r.reason.code === ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS)).toBe(true);
    const [summary] = await accounts.summaries([userId]);
    expect(summary).toMatchObject({ balanceCents: 0, totalDepositCents: 6250, totalSpentCents: 6250 });
    expect(await entrySum(userId)).toBe(summary?.balanceCents);
    const balances = succeeded.map((r) => (r.status === 'fulfilled' ? r.value.entry.balanceAfterCents : -1));
    expect(Math.min(...balances)).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('posts one entry for the same idempotency key sent twice, even at the same moment', async () => {
    const userId = randomUUID();
    await deposit(userId, 1000);
    const key = `label:${randomUUID()}`;
    const posting = { userId, kind: 'label_purchase' as const, amountCents: -300, reference: 'order x', idempotencyKey: key };
    const [a, b] = await Promise.all([ledger.post(posting), ledger.post(posting)]);
    const again = await ledger.post(posting);
    expect(a.entry.id).toBe(b.entry.id);
    expect(again).toMatchObject({ replayed: true, entry: { id: a.entry.id } });
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    const [summary] = await accounts.summaries([userId]);
    expect(summary?.balanceCents).toBe(700);
    expect(await entrySum(userId)).toBe(700);
  });

  it('refuses a reused key that would move different money', async () => {
    const userId = randomUUID();
    await deposit(userId, 1000);
    const key = `label:${randomUUID()}`;
    await ledger.post({ userId, kind: 'label_purchase', amountCents: -100, reference: 'r', idempotencyKey: key });
    await expect(ledger.post({ userId, kind: 'label_purchase', amountCents: -900, reference: 'r', idempotencyKey: key })).rejects.toMatchObject({
      code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH,
    });
  });

  it('records an admin balance edit as an adjustment for the difference, with the admin and the reason', async () => {
    const userId = randomUUID();
    const adminId = randomUUID();
    await deposit(userId, 1000);
    const entry = await ledger.adjustTo(userId, 2500, adminId, 'goodwill credit', `adjust:${randomUUID()}`);
    expect(entry).toMatchObject({ kind: 'admin_adjustment', amountCents: 1500, balanceAfterCents: 2500, actorId: adminId, reason: 'goodwill credit' });
    expect(await ledger.adjustTo(userId, 2500, adminId, 'same again', `adjust:${randomUUID()}`)).toBeNull();
    const down = await ledger.adjustTo(userId, 400, adminId, 'correction', `adjust:${randomUUID()}`);
    expect(down?.amountCents).toBe(-2100);
    const [summary] = await accounts.summaries([userId]);
    expect(summary).toMatchObject({ balanceCents: 400, totalDepositCents: 1000, totalSpentCents: 0 });
    expect(await entrySum(userId)).toBe(400);
  });

  it('gives a refund back without counting it as spent', async () => {
    const userId = randomUUID();
    await deposit(userId, 1000);
    await ledger.post({ userId, kind: 'label_purchase', amountCents: -400, reference: 'o1', idempotencyKey: `label:${userId}` });
    await ledger.post({ userId, kind: 'refund', amountCents: 400, reference: 'o1', idempotencyKey: `refund:${userId}` });
    const [summary] = await accounts.summaries([userId]);
    expect(summary).toMatchObject({ balanceCents: 1000, totalSpentCents: 0 });
  });
});
