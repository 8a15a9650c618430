import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AccountRepository } from '../src/accounts/account.repository';
import { paymentsMigrations } from '../src/database/migrations';
import { DepositEntity } from '../src/deposits/deposit.entity';
import { HoldRepository } from '../src/holds/hold.repository';
import { LedgerRepository } from '../src/ledger/ledger.repository';
import { RefundRepository } from '../src/ledger/refund.repository';
import { RefundChargeUseCase, type RefundRequest } from '../src/ledger/usecases/refund-charge.usecase';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('refunds_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const ormFor = (database: TestDatabase, migrations = paymentsMigrations) =>
  initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [DepositEntity], migrations });

/** Refunds point at the label charge they give back (docs/decisions/042-refund-points-at-its-charge.md). */
describe.each(databases)('refunds on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let accounts: AccountRepository;
  let holds: HoldRepository;
  let refunds: RefundChargeUseCase;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await ormFor(database);
    ledger = new LedgerRepository(orm);
    accounts = new AccountRepository(orm);
    holds = new HoldRepository(orm, ledger);
    refunds = new RefundChargeUseCase(new RefundRepository(orm, ledger));
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  /** A user with a deposit and one single label paid for, as orders charges it. */
  const paidLabel = async (priceCents = 850, depositCents = 1000) => {
    const userId = randomUUID();
    const orderId = randomUUID();
    await ledger.post({ userId, kind: 'deposit', amountCents: depositCents, reference: 'test deposit', idempotencyKey: `deposit:${randomUUID()}` });
    const { entry } = await ledger.post({ userId, kind: 'label_purchase', amountCents: -priceCents, reference: `order ${orderId}`, idempotencyKey: `label:${orderId}:1` });
    return { userId, orderId, charge: entry };
  };

  const refundOf = (userId: string, chargeKey: string, amountCents: number, idempotencyKey = `refund:${randomUUID()}`): RefundRequest => ({
    userId, amountCents, reference: `refund of ${chargeKey}`, idempotencyKey, refundOf: chargeKey,
  });

  /** What the database holds about one user: the balance, the refund entries and their sum, with the charge each points at. */
  const booksOf = async (userId: string) => {
    const em = orm.em.fork();
    const [summary] = await accounts.summaries([userId]);
    const rows = await em.execute<Array<{ idempotency_key: string; amount_cents: string; refund_of: string | null }>>(
      `select "idempotency_key", "amount_cents", "refund_of" from "payments"."ledger_entries" where "user_id" = ? and "kind" = 'refund' order by "created_at"`,
      [userId],
    );
    const [sum] = await em.execute<Array<{ sum: string }>>('select coalesce(sum("amount_cents"), 0) as sum from "payments"."ledger_entries" where "user_id" = ?', [userId]);
    return {
      balanceCents: summary?.balanceCents,
      totalSpentCents: summary?.totalSpentCents,
      entriesSumCents: Number(sum?.sum),
      refunds: rows.map((r) => ({ key: r.idempotency_key, amountCents: Number(r.amount_cents), refundOf: r.refund_of })),
    };
  };

  const codeOf = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' && result.reason instanceof DomainError ? result.reason.code : result.status);

  it('gives a label payment back, stores which charge it refunds, and no longer counts it as spent', async () => {
    const { userId, orderId, charge } = await paidLabel();
    const { entry, replayed } = await refunds.execute(refundOf(userId, `label:${orderId}:1`, 850, `refund:${orderId}:1`));
    expect(replayed).toBe(false);
    expect(entry).toMatchObject({ kind: 'refund', bucket: 'available', amountCents: 850, balanceAfterCents: 1000, idempotencyKey: `refund:${orderId}:1` });
    expect(await booksOf(userId)).toEqual({
      balanceCents: 1000, totalSpentCents: 0, entriesSumCents: 1000, refunds: [{ key: `refund:${orderId}:1`, amountCents: 850, refundOf: charge.id }],
    });
  });

  it('refuses a refund of more than the charge took and moves nothing', async () => {
    const { userId, orderId } = await paidLabel();
    await expect(refunds.execute(refundOf(userId, `label:${orderId}:1`, 851))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    await refunds.execute(refundOf(userId, `label:${orderId}:1`, 500));
    await expect(refunds.execute(refundOf(userId, `label:${orderId}:1`, 351))).rejects.toMatchObject({
      code: ErrorCode.CONFLICT,
      message: `Label payment label:${orderId}:1 took $8.50 and $5.00 of it was refunded already: $3.50 is left, not $3.51. Nothing was refunded.`,
    });
    const books = await booksOf(userId);
    expect(books).toMatchObject({ balanceCents: 650, totalSpentCents: 350, entriesSumCents: 650 });
    expect(books.refunds.map((r) => r.amountCents)).toEqual([500]);
  });

  it('lets 20 concurrent refunds under different keys of one charge give back at most what it took', async () => {
    const { userId, orderId, charge } = await paidLabel();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => refunds.execute(refundOf(userId, `label:${orderId}:1`, 100, `refund:${orderId}:${i}`))));
    // 850 allows eight refunds of 100; the other twelve find the charge refunded as far as it goes.
    expect(results.map(codeOf).sort()).toEqual([...Array<string>(12).fill(ErrorCode.CONFLICT), ...Array<string>(8).fill('fulfilled')]);
    const books = await booksOf(userId);
    expect(books).toMatchObject({ balanceCents: 950, totalSpentCents: 50, entriesSumCents: 950 });
    expect(books.refunds).toHaveLength(8);
    expect(books.refunds.every((r) => r.refundOf === charge.id)).toBe(true);
  }, 60_000);

  it('lets only one of 20 concurrent full refunds under different keys through', async () => {
    const { userId, orderId } = await paidLabel();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => refunds.execute(refundOf(userId, `label:${orderId}:1`, 850, `refund:${orderId}:${i}`))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === ErrorCode.CONFLICT)).toHaveLength(19);
    expect(await booksOf(userId)).toMatchObject({ balanceCents: 1000, totalSpentCents: 0, entriesSumCents: 1000 });
  }, 60_000);

  it('credits a retried refund once, retried in turn or all at once, and answers every retry with the first posting', async () => {
    const { userId, orderId } = await paidLabel();
    const request = refundOf(userId, `label:${orderId}:1`, 850, `refund:${orderId}:1`);
    const raced = await Promise.all(Array.from({ length: 10 }, () => refunds.execute(request)));
    const again = await refunds.execute(request);
    expect(raced.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set([...raced, again].map((r) => r.entry.id)).size).toBe(1);
    expect(again.replayed).toBe(true);
    expect(await booksOf(userId)).toMatchObject({ balanceCents: 1000, totalSpentCents: 0, entriesSumCents: 1000 });
    expect((await booksOf(userId)).refunds).toHaveLength(1);
  }, 60_000);

  it('refuses a refund key used again for other money or for another charge', async () => {
    const { userId, orderId } = await paidLabel(400, 2000);
    const second = await ledger.post({ userId, kind: 'label_purchase', amountCents: -400, reference: 'another order', idempotencyKey: `label:${orderId}:2` });
    await refunds.execute(refundOf(userId, `label:${orderId}:1`, 400, `refund:${orderId}:1`));
    await expect(refunds.execute(refundOf(userId, `label:${orderId}:1`, 300, `refund:${orderId}:1`))).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH });
    await expect(refunds.execute(refundOf(userId, second.entry.idempotencyKey, 400, `refund:${orderId}:1`))).rejects.toMatchObject({
      code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH,
      message: `Idempotency key refund:${orderId}:1 was already used for a refund of another charge`,
    });
    expect(await booksOf(userId)).toMatchObject({ balanceCents: 2000 - 400, totalSpentCents: 400 });
  });

  it("refuses a refund pointing at another user's charge, or at an entry that charged nothing, and moves nothing", async () => {
    const victim = await paidLabel();
    const claimant = await paidLabel();
    const holdId = `bulk:${randomUUID()}`;
    await holds.place({ userId: claimant.userId, holdId, amountCents: 100, reference: 'bulk order' });
    for (const chargeKey of [`label:${victim.orderId}:1`, `hold:${holdId}`, `label:${randomUUID()}:1`]) {
      await expect(refunds.execute(refundOf(claimant.userId, chargeKey, 50))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    }
    expect(await booksOf(victim.userId)).toMatchObject({ balanceCents: 150, refunds: [] });
    expect(await booksOf(claimant.userId)).toMatchObject({ balanceCents: 50, refunds: [] });
  });

  it("refunds a batch label's capture, named by the bulk item's key, into the spendable balance", async () => {
    const userId = randomUUID();
    await ledger.post({ userId, kind: 'deposit', amountCents: 5000, reference: 'test deposit', idempotencyKey: `deposit:${randomUUID()}` });
    const hold = await holds.place({ userId, holdId: `bulk:${randomUUID()}`, amountCents: 3000, reference: 'bulk order' });
    const itemKey = `bulk-item:${randomUUID()}`;
    await holds.capture(hold.holdId, [{ idempotencyKey: itemKey, amountCents: 1200, reference: 'label of an item' }]);
    await expect(refunds.execute(refundOf(userId, itemKey, 1201))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    const { entry } = await refunds.execute(refundOf(userId, itemKey, 1200, `refund:${itemKey}`));
    expect(entry).toMatchObject({ bucket: 'available', amountCents: 1200, balanceAfterCents: 3200 });
    const [summary] = await accounts.summaries([userId]);
    expect(summary).toMatchObject({ balanceCents: 3200, heldCents: 1800, totalSpentCents: 0 });
  });

  it('lets only a refund carry a charge link', async () => {
    const { charge } = await paidLabel();
    await expect(
      orm.em.fork().execute(`update "payments"."ledger_entries" set "refund_of" = ? where "id" = ?`, [charge.id, charge.id]),
    ).rejects.toThrow(/ledger_entries_refund_of_only_refunds/);
  });
});

describe('refunds posted before they named their charge (PostgreSQL)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createPostgresDatabase('refunds_legacy_it');
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('are linked to their debit by the migration and count against it', async () => {
    const before = await ormFor(database, paymentsMigrations.filter((m) => m.name !== 'Migration005RefundOf'));
    const userId = randomUUID();
    const orderId = randomUUID();
    const post = (kind: 'deposit' | 'label_purchase' | 'refund', amountCents: number, idempotencyKey: string) =>
      before.em.fork().execute(
        `insert into "payments"."ledger_entries" ("id", "user_id", "kind", "amount_cents", "balance_after_cents", "reference", "idempotency_key") values (?, ?, ?, ?, 0, 'legacy', ?)`,
        [randomUUID(), userId, kind, amountCents, idempotencyKey],
      );
    await before.em.fork().execute(`insert into "payments"."accounts" ("user_id", "balance_cents") values (?, 1000)`, [userId]);
    await post('deposit', 1000, `deposit:${orderId}`);
    await post('label_purchase', -850, `label:${orderId}:1`);
    await post('refund', 850, `refund:${orderId}:1`);
    // A key that names no debit stays unlinked rather than failing the migration.
    await post('refund', 10, `refund:${orderId}:9`);
    await before.close();

    const orm = await ormFor(database);
    try {
      const links = await orm.em.fork().execute<Array<{ idempotency_key: string; linked: string | null }>>(
        `select "refund"."idempotency_key", "charge"."idempotency_key" as "linked" from "payments"."ledger_entries" as "refund"
           left join "payments"."ledger_entries" as "charge" on "charge"."id" = "refund"."refund_of"
          where "refund"."kind" = 'refund' order by "refund"."idempotency_key"`,
      );
      expect(links).toEqual([
        { idempotency_key: `refund:${orderId}:1`, linked: `label:${orderId}:1` },
        { idempotency_key: `refund:${orderId}:9`, linked: null },
      ]);
      const refunds = new RefundChargeUseCase(new RefundRepository(orm, new LedgerRepository(orm)));
      const retried = await refunds.execute({ userId, amountCents: 850, reference: 'legacy', idempotencyKey: `refund:${orderId}:1`, refundOf: `label:${orderId}:1` });
      expect(retried.replayed).toBe(true);
      await expect(refunds.execute({ userId, amountCents: 850, reference: 'again', idempotencyKey: `refund:${orderId}:2`, refundOf: `label:${orderId}:1` })).rejects.toMatchObject({
        code: ErrorCode.CONFLICT,
      });
    } finally {
      await orm.close();
    }
  }, 60_000);
});
