import { DomainError, ErrorCode, type AnyCaller, type Caller } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import { DepositEntity } from '../src/deposits/deposit.entity';
import type { AccountChangesPublisher } from '../src/accounts/account-changes.publisher';
import { AccountRepository } from '../src/accounts/account.repository';
import { paymentsMigrations } from '../src/database/migrations';
import { HoldRepository } from '../src/holds/hold.repository';
import { HoldsController } from '../src/holds/holds.controller';
import { LedgerController } from '../src/ledger/ledger.controller';
import { LedgerRepository } from '../src/ledger/ledger.repository';
import { RefundRepository } from '../src/ledger/refund.repository';
import { AdjustBalanceUseCase } from '../src/ledger/usecases/adjust-balance.usecase';
import { RefundChargeUseCase } from '../src/ledger/usecases/refund-charge.usecase';
import { AccountsController } from '../src/accounts/accounts.controller';
import { PaymentsStatsRepository } from '../src/stats/payments-stats.repository';
import { TestTopUpUseCase } from '../src/test-mode/test-top-up.usecase';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('ledger_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

describe.each(databases)('ledger on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let accounts: AccountRepository;
  let holds: HoldRepository;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [DepositEntity], migrations: paymentsMigrations });
    ledger = new LedgerRepository(orm);
    accounts = new AccountRepository(orm);
    holds = new HoldRepository(orm, ledger);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const deposit = (userId: string, amountCents: number) =>
    ledger.post({ userId, kind: 'deposit', amountCents, reference: 'test deposit', idempotencyKey: `deposit:${randomUUID()}` });

  it('tells the gateways once per committed change of an account, never for a replay, a refusal or an empty release', async () => {
    const changed: string[] = [];
    const publisher = { changed: async (userId: string) => void changed.push(userId) } as unknown as AccountChangesPublisher;
    const told = new LedgerRepository(orm, publisher);
    const toldHolds = new HoldRepository(orm, told);
    const userId = randomUUID();
    const key = `deposit:${randomUUID()}`;
    await told.post({ userId, kind: 'deposit', amountCents: 1000, reference: 'told deposit', idempotencyKey: key });
    await told.post({ userId, kind: 'deposit', amountCents: 1000, reference: 'told deposit', idempotencyKey: key });
    await expect(told.post({ userId, kind: 'label_purchase', amountCents: -5000, reference: 'too much', idempotencyKey: `label:${randomUUID()}` })).rejects.toBeInstanceOf(DomainError);
    expect(changed).toEqual([userId]);
    await told.adjustTo(userId, 1500, randomUUID(), 'test', `adjust:${randomUUID()}`);
    const holdId = randomUUID();
    await toldHolds.place({ holdId, userId, amountCents: 300, reference: 'told hold' });
    await toldHolds.release(holdId);
    await toldHolds.release(holdId);
    expect(changed).toEqual([userId, userId, userId, userId]);
  });

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

  describe('holds', () => {
    const place = (userId: string, amountCents: number, holdId = `bulk:${randomUUID()}`) =>
      holds.place({ userId, holdId, amountCents, reference: `bulk order ${holdId}` });
    const capture = (key: string, amountCents: number) => ({ idempotencyKey: key, amountCents, reference: `label ${key}` });

    /** The books after any scenario: each bucket's entries add up to the account row, nothing is negative, and the held bucket is exactly what open holds have left. */
    const expectBooksToBalance = async (userId: string) => {
      const em = orm.em.fork();
      const buckets = await em.execute<Array<{ bucket: string; sum: string; lowest: string }>>(
        'select "bucket", sum("amount_cents") as sum, min("balance_after_cents") as lowest from "payments"."ledger_entries" where "user_id" = ? group by "bucket"',
        [userId],
      );
      const [account] = await em.execute<Array<{ balance_cents: string; held_cents: string }>>(
        'select "balance_cents", "held_cents" from "payments"."accounts" where "user_id" = ?',
        [userId],
      );
      const [open] = await em.execute<Array<{ left: string }>>(
        'select coalesce(sum("amount_cents" - "captured_cents" - "released_cents"), 0) as left from "payments"."ledger_holds" where "user_id" = ? and "status" = \'open\'',
        [userId],
      );
      const sum = (bucket: string) => Number(buckets.find((b) => b.bucket === bucket)?.sum ?? 0);
      const books = { available: sum('available'), held: sum('held') };
      expect(books).toEqual({ available: Number(account?.balance_cents ?? 0), held: Number(account?.held_cents ?? 0) });
      expect(books.held).toBe(Number(open?.left));
      expect(Math.min(books.available, books.held, ...buckets.map((b) => Number(b.lowest)))).toBeGreaterThanOrEqual(0);
    };

    const keysPosted = async (keys: string[]) => {
      const [row] = await orm.em
        .fork()
        .execute<Array<{ count: string }>>(`select count(*) as count from "payments"."ledger_entries" where "idempotency_key" in (${keys.map(() => '?').join(', ')})`, keys);
      return Number(row?.count);
    };

    it('holds nothing when the balance cannot cover the hold, and says how much is missing', async () => {
      const userId = randomUUID();
      await deposit(userId, 300);
      const holdId = `bulk:${randomUUID()}`;
      await expect(place(userId, 2600, holdId)).rejects.toMatchObject({
        code: ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS,
        message: 'Insufficient balance: this order costs $26.00 and your balance is $3.00. Add $23.00 to continue.',
      });
      expect(await holds.find(holdId)).toBeNull();
      expect(await keysPosted([`hold:${holdId}`, `hold:${holdId}:held`])).toBe(0);
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 300, heldCents: 0 });
      await expect(place(randomUUID(), 123_456_78)).rejects.toMatchObject({
        message: 'Insufficient balance: this order costs $123,456.78 and your balance is $0.00. Add $123,456.78 to continue.',
      });
      await expectBooksToBalance(userId);
    });

    it('holds once when the same holdId is placed twice, even at the same moment, and refuses it for other money', async () => {
      const userId = randomUUID();
      await deposit(userId, 1000);
      const holdId = `bulk:${randomUUID()}`;
      // The balance covers one hold of 600, not two: a second hold would be refused, not replayed.
      const [a, b] = await Promise.all([place(userId, 600, holdId), place(userId, 600, holdId)]);
      const again = await place(userId, 600, holdId);
      expect(a).toEqual(b);
      expect(again).toEqual({ holdId, userId, amountCents: 600, capturedCents: 0, releasedCents: 0, status: 'open', reference: `bulk order ${holdId}` });
      await expect(place(userId, 700, holdId)).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH });
      await expect(place(randomUUID(), 600, holdId)).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH });
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 400, heldCents: 600, totalSpentCents: 0 });
      expect(await keysPosted([`hold:${holdId}`, `hold:${holdId}:held`])).toBe(2);
      await expectBooksToBalance(userId);
    });

    it('keeps held money out of reach of plain debits', async () => {
      const userId = randomUUID();
      await deposit(userId, 1000);
      await place(userId, 600);
      const debit = (amountCents: number) =>
        ledger.post({ userId, kind: 'label_purchase', amountCents: -amountCents, reference: 'single label', idempotencyKey: `label:${randomUUID()}` });
      await expect(debit(401)).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS });
      expect((await debit(400)).entry).toMatchObject({ bucket: 'available', balanceAfterCents: 0 });
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 0, heldCents: 600, totalSpentCents: 400 });
      await expectBooksToBalance(userId);
    });

    it('posts each capture key once when the same captures arrive concurrently', async () => {
      const userId = randomUUID();
      await deposit(userId, 5000);
      const hold = await place(userId, 3000);
      const [a, b, c] = [capture(`item:${randomUUID()}`, 1000), capture(`item:${randomUUID()}`, 500), capture(`item:${randomUUID()}`, 250)];
      const results = await Promise.all(Array.from({ length: 8 }, () => holds.capture(hold.holdId, [a, b, c])));
      expect(results.reduce((sum, r) => sum + r.capturedCount, 0)).toBe(3);
      const replay = await holds.capture(hold.holdId, [b]);
      expect(replay).toMatchObject({ capturedCount: 0, hold: { capturedCents: 1750, releasedCents: 0, status: 'open' } });
      await expect(holds.capture(hold.holdId, [capture(a.idempotencyKey, 999)])).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH });
      expect(await keysPosted([a, b, c].map((x) => x.idempotencyKey))).toBe(3);
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 2000, heldCents: 1250, totalDepositCents: 5000, totalSpentCents: 1750 });
      await expectBooksToBalance(userId);
    });

    it('refuses captures beyond what the hold has left, whole, and nothing once it is closed', async () => {
      const userId = randomUUID();
      await deposit(userId, 2000);
      const hold = await place(userId, 1000);
      const first = `item:${randomUUID()}`;
      await holds.capture(hold.holdId, [capture(first, 600)]);
      const beyond = [capture(`item:${randomUUID()}`, 300), capture(`item:${randomUUID()}`, 200)];
      await expect(holds.capture(hold.holdId, beyond)).rejects.toMatchObject({
        code: ErrorCode.CONFLICT,
        message: `These labels cost $5.00 but hold ${hold.holdId} has $4.00 left. Nothing was charged.`,
      });
      expect(await keysPosted(beyond.map((c) => c.idempotencyKey))).toBe(0);
      expect(await holds.find(hold.holdId)).toMatchObject({ capturedCents: 600 });
      await holds.release(hold.holdId);
      await expect(holds.capture(hold.holdId, [capture(`item:${randomUUID()}`, 100)])).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
      expect(await holds.capture(hold.holdId, [capture(first, 600)])).toMatchObject({ capturedCount: 0, hold: { status: 'closed' } });
      await expect(holds.capture(`bulk:${randomUUID()}`, [capture(first, 600)])).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 1400, heldCents: 0, totalSpentCents: 600 });
      await expectBooksToBalance(userId);
    });

    it('releases exactly what the hold has left, and releasing twice releases once', async () => {
      const userId = randomUUID();
      await deposit(userId, 5000);
      const hold = await place(userId, 3000);
      await holds.capture(hold.holdId, [capture(`item:${randomUUID()}`, 1200)]);
      const [a, b] = await Promise.all([holds.release(hold.holdId), holds.release(hold.holdId)]);
      expect([a.releasedCents, b.releasedCents].sort((x, y) => x - y)).toEqual([0, 1800]);
      expect(await holds.release(hold.holdId)).toMatchObject({ releasedCents: 0 });
      expect(await holds.find(hold.holdId)).toMatchObject({ amountCents: 3000, capturedCents: 1200, releasedCents: 1800, status: 'closed' });
      expect(await keysPosted([`release:${hold.holdId}`, `release:${hold.holdId}:held`])).toBe(2);
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 3800, heldCents: 0, totalSpentCents: 1200 });
      const fullyCaptured = await place(userId, 800);
      await holds.capture(fullyCaptured.holdId, [capture(`item:${randomUUID()}`, 800)]);
      expect(await holds.release(fullyCaptured.holdId)).toMatchObject({ releasedCents: 0, hold: { status: 'closed' } });
      expect(await keysPosted([`release:${fullyCaptured.holdId}`])).toBe(0);
      await expectBooksToBalance(userId);
    });

    it('lets exactly 50 of 200 concurrent holds through when the balance covers 50', async () => {
      const userId = randomUUID();
      await deposit(userId, 50 * 125);
      const results = await Promise.allSettled(Array.from({ length: 200 }, () => place(userId, 125)));
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
      expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof DomainError && r.reason.code === ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS)).toBe(true);
      const [summary] = await accounts.summaries([userId]);
      expect(summary).toMatchObject({ balanceCents: 0, heldCents: 6250 });
      await expectBooksToBalance(userId);
    }, 60_000);

    // Who may place, capture or release a hold is the contracts' (orders only), enforced by CallerGuard: holds.controller.spec.
    it('lets the owner or an admin look at a hold, and answers another user\'s hold exactly as an unknown one', async () => {
      const userId = randomUUID();
      await deposit(userId, 1000);
      const controller = new HoldsController(holds);
      const orders: AnyCaller = { service: 'orders' };
      const owner: Caller = { userId, role: 'user' };
      const stranger: Caller = { userId: randomUUID(), role: 'user' };
      const admin: Caller = { userId: randomUUID(), role: 'admin' };
      const holdId = `bulk:${randomUUID()}`;
      await controller.onPlace(orders, { userId, holdId, amountCents: 500, reference: 'bulk' });
      await expect(controller.onGet(stranger, { holdId })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: `Hold ${holdId} not found` });
      const unknown = `bulk:${randomUUID()}`;
      await expect(controller.onGet(owner, { holdId: unknown })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: `Hold ${unknown} not found` });
      expect(await controller.onGet(owner, { holdId })).toMatchObject({ userId, amountCents: 500, status: 'open' });
      expect(await controller.onGet(admin, { holdId })).toMatchObject({ userId, amountCents: 500, status: 'open' });
      expect(await controller.onRelease(orders, { holdId })).toMatchObject({ releasedCents: 500 });
      await expectBooksToBalance(userId);
    });
  });

  // Decision 110: what orders posts for a test-mode purchase names the test account, so neither balance can pay for,
  // be refunded for, or count as revenue for the other's labels; each refusal moves nothing.
  it('keeps test mode\'s money apart: a test debit, refund or hold moves only the test balance, a test purchase the test balance cannot cover is refused however rich the live one, and no test charge counts as revenue', async () => {
    const userId = randomUUID();
    const orders: AnyCaller = { service: 'orders' };
    const postings = new LedgerController(ledger, new RefundChargeUseCase(new RefundRepository(orm, ledger)), new AdjustBalanceUseCase(ledger, accounts));
    const summaries = new AccountsController(accounts);
    const holdsController = new HoldsController(holds);
    const stats = new PaymentsStatsRepository(orm);
    const balances = async () => [
      (await summaries.onSummary(orders, { userId }))?.balanceCents,
      (await summaries.onSummary(orders, { userId, mode: 'test' }))?.balanceCents,
    ];
    const revenue = async () => (await stats.stats(1)).revenueCents.total;
    await deposit(userId, 5000);
    await new TestTopUpUseCase(orm, ledger, accounts).execute({ userId, amountCents: 1000, idempotencyKey: `top-up-${userId}` });
    expect(await balances()).toEqual([5000, 1000]);
    const revenueBefore = await revenue();

    const testCharge = `label:${randomUUID()}:1`;
    await postings.onDebit(orders, { userId, amountCents: 700, kind: 'label_purchase', reference: 'test order', idempotencyKey: testCharge, mode: 'test' });
    expect(await balances()).toEqual([5000, 300]);
    expect(await revenue()).toBe(revenueBefore);
    await expect(
      postings.onDebit(orders, { userId, amountCents: 700, kind: 'label_purchase', reference: 'test order 2', idempotencyKey: `label:${randomUUID()}:1`, mode: 'test' }),
    ).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS });
    expect(await balances()).toEqual([5000, 300]);

    const liveCharge = `label:${randomUUID()}:1`;
    await postings.onDebit(orders, { userId, amountCents: 4000, kind: 'label_purchase', reference: 'live order', idempotencyKey: liveCharge });
    expect(await balances()).toEqual([1000, 300]);
    expect(await revenue()).toBe(revenueBefore + 4000);

    // A refund names its charge's mode: the live account is never refunded for a test label, nor the other way round.
    await expect(postings.onCredit(orders, { userId, amountCents: 700, kind: 'refund', reference: 'wrong mode', idempotencyKey: `refund:${randomUUID()}`, refundOf: testCharge })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    await expect(postings.onCredit(orders, { userId, amountCents: 700, kind: 'refund', reference: 'wrong mode', idempotencyKey: `refund:${randomUUID()}`, refundOf: liveCharge, mode: 'test' })).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(await balances()).toEqual([1000, 300]);
    await postings.onCredit(orders, { userId, amountCents: 700, kind: 'refund', reference: 'test refund', idempotencyKey: `refund:${randomUUID()}`, refundOf: testCharge, mode: 'test' });
    expect(await balances()).toEqual([1000, 1000]);

    const holdId = `bulk:${randomUUID()}`;
    await expect(holdsController.onPlace(orders, { userId, holdId, amountCents: 1001, reference: 'test batch', mode: 'test' })).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS });
    await holdsController.onPlace(orders, { userId, holdId, amountCents: 600, reference: 'test batch', mode: 'test' });
    expect(await balances()).toEqual([1000, 400]);
    // The same hold placed again under the user's id alone (a previous release's engine, decision 124) is refused: it is the test account's.
    await expect(holdsController.onPlace(orders, { userId, holdId, amountCents: 600, reference: 'test batch' })).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH });
    expect(await balances()).toEqual([1000, 400]);
    expect((await summaries.onSummary(orders, { userId }))?.heldCents).toBe(0);
    expect(await holdsController.onRelease(orders, { holdId })).toMatchObject({ releasedCents: 600 });
    expect(await balances()).toEqual([1000, 1000]);
  });
});
