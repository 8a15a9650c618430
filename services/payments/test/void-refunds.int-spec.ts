import { ErrorCode, type PostingResult } from '@labeldesk/contracts';
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
  ['PostgreSQL', () => createPostgresDatabase('void_refunds_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const ormFor = (database: TestDatabase) => initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [DepositEntity], migrations: paymentsMigrations });

/** The payments side of a process: its repositories and the refund rule, wired as the ledger controller's module wires them. */
const paymentsOn = (orm: MikroORM) => {
  const ledger = new LedgerRepository(orm);
  return { ledger, accounts: new AccountRepository(orm), holds: new HoldRepository(orm, ledger), refunds: new RefundChargeUseCase(new RefundRepository(orm, ledger)) };
};

/**
 * A voided label's price goes back as a refund keyed `void:<single|bulk>:<labelId>` that names the label's charge
 * (decision 042): however often orders sends it, at once or after a restart, it credits once, and never before the
 * charge it gives back is there.
 */
describe.each(databases)('label void refunds on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let payments: ReturnType<typeof paymentsOn>;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await ormFor(database);
    payments = paymentsOn(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const deposit = (userId: string, amountCents: number) =>
    payments.ledger.post({ userId, kind: 'deposit', amountCents, reference: 'test deposit', idempotencyKey: `deposit:${randomUUID()}` });

  const voidOf = (userId: string, chargeKey: string, amountCents: number, kind: 'single' | 'bulk', labelId = randomUUID()): RefundRequest => ({
    userId,
    amountCents,
    reference: `label ${labelId} voided`,
    idempotencyKey: `void:${kind}:${labelId}`,
    refundOf: chargeKey,
  });

  /** The user's balance, what they spent, and every refund entry with the key of the charge it points at. */
  const booksOf = async (userId: string) => {
    const [summary] = await payments.accounts.summaries([userId]);
    const refunds = await orm.em.fork().execute<Array<{ idempotency_key: string; amount_cents: string; charge_key: string | null }>>(
      `select "refund"."idempotency_key", "refund"."amount_cents", "charge"."idempotency_key" as "charge_key"
         from "payments"."ledger_entries" as "refund" left join "payments"."ledger_entries" as "charge" on "charge"."id" = "refund"."refund_of"
        where "refund"."user_id" = ? and "refund"."kind" = 'refund' order by "refund"."created_at"`,
      [userId],
    );
    return {
      balanceCents: summary?.balanceCents,
      heldCents: summary?.heldCents,
      totalSpentCents: summary?.totalSpentCents,
      refunds: refunds.map((r) => ({ key: r.idempotency_key, amountCents: Number(r.amount_cents), chargeKey: r.charge_key })),
    };
  };

  const onlyOnePosted = (results: PostingResult[]) => {
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
  };

  it("credits a single label's void once when the same void is sent 20 times at once", async () => {
    const userId = randomUUID();
    const chargeKey = `label:${randomUUID()}:1`;
    await deposit(userId, 2000);
    await payments.ledger.post({ userId, kind: 'label_purchase', amountCents: -850, reference: 'single label', idempotencyKey: chargeKey });
    const request = voidOf(userId, chargeKey, 850, 'single');

    const results = await Promise.all(Array.from({ length: 20 }, () => payments.refunds.execute(request)));

    onlyOnePosted(results);
    expect(await booksOf(userId)).toEqual({
      balanceCents: 2000, heldCents: 0, totalSpentCents: 0, refunds: [{ key: request.idempotencyKey, amountCents: 850, chargeKey }],
    });
  }, 60_000);

  it("credits a bulk item's void once, and refuses a second void of the item once its capture is given back", async () => {
    const userId = randomUUID();
    const itemKey = `bulk-item:${randomUUID()}`;
    await deposit(userId, 5000);
    const hold = await payments.holds.place({ userId, holdId: `bulk:${randomUUID()}`, amountCents: 3000, reference: 'bulk order' });
    await payments.holds.capture(hold.holdId, [{ idempotencyKey: itemKey, amountCents: 1200, reference: 'label of an item' }]);
    const request = voidOf(userId, itemKey, 1200, 'bulk');

    const results = await Promise.all(Array.from({ length: 20 }, () => payments.refunds.execute(request)));

    onlyOnePosted(results);
    await expect(payments.refunds.execute(voidOf(userId, itemKey, 1, 'bulk'))).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    // The capture's price back to the spendable balance; the rest of the hold stays held.
    expect(await booksOf(userId)).toEqual({
      balanceCents: 2000 + 1200, heldCents: 1800, totalSpentCents: 0, refunds: [{ key: request.idempotencyKey, amountCents: 1200, chargeKey: itemKey }],
    });
  }, 60_000);

  it('answers a void sent again after a restart (a new process on the same database) as a replay, not a second credit', async () => {
    const userId = randomUUID();
    const chargeKey = `label:${randomUUID()}:2`;
    await deposit(userId, 1000);
    await payments.ledger.post({ userId, kind: 'label_purchase', amountCents: -400, reference: 'single label', idempotencyKey: chargeKey });
    const request = voidOf(userId, chargeKey, 400, 'single');
    // The first process posts the void and dies before orders hears back: its connections are gone.
    const died = await ormFor(database);
    const first = await paymentsOn(died).refunds.execute(request);
    await died.close();

    const restarted = await ormFor(database);
    try {
      const again = await Promise.all(Array.from({ length: 5 }, () => paymentsOn(restarted).refunds.execute(request)));
      expect(again).toEqual(Array.from({ length: 5 }, () => ({ entry: first.entry, replayed: true })));
    } finally {
      await restarted.close();
    }
    expect(first.replayed).toBe(false);
    expect(await booksOf(userId)).toMatchObject({ balanceCents: 1000, totalSpentCents: 0, refunds: [{ key: request.idempotencyKey, amountCents: 400, chargeKey }] });
  }, 60_000);

  it('refuses a void whose charge is not posted yet and writes nothing, then posts it once the charge is there', async () => {
    const userId = randomUUID();
    const chargeKey = `label:${randomUUID()}:1`;
    await deposit(userId, 1000);
    const request = voidOf(userId, chargeKey, 300, 'single');

    await expect(payments.refunds.execute(request)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN, message: `A refund must point at a label payment: nothing was posted under ${chargeKey}` });
    expect(await payments.ledger.findEntry(request.idempotencyKey)).toBeNull();
    expect(await booksOf(userId)).toEqual({ balanceCents: 1000, heldCents: 0, totalSpentCents: 0, refunds: [] });

    // The refusal kept no trace of the key: once the label is charged, the same void goes through.
    await payments.ledger.post({ userId, kind: 'label_purchase', amountCents: -300, reference: 'single label', idempotencyKey: chargeKey });
    const { replayed } = await payments.refunds.execute(request);
    expect(replayed).toBe(false);
    expect(await booksOf(userId)).toMatchObject({ balanceCents: 1000, totalSpentCents: 0, refunds: [{ key: request.idempotencyKey, amountCents: 300, chargeKey }] });
  });

  it("refuses a void of another user's label and moves nobody's money", async () => {
    const owner = randomUUID();
    const claimant = randomUUID();
    const chargeKey = `label:${randomUUID()}:1`;
    await deposit(owner, 1000);
    await deposit(claimant, 1000);
    await payments.ledger.post({ userId: owner, kind: 'label_purchase', amountCents: -500, reference: 'single label', idempotencyKey: chargeKey });

    await expect(payments.refunds.execute(voidOf(claimant, chargeKey, 500, 'single'))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });

    expect(await booksOf(owner)).toMatchObject({ balanceCents: 500, refunds: [] });
    expect(await booksOf(claimant)).toMatchObject({ balanceCents: 1000, refunds: [] });
  });
});
