import { initOrm, schemaTable } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { paymentsMigrations } from '../src/database/migrations';
import { DepositEntity } from '../src/deposits/deposit.entity';
import { HoldRepository } from '../src/holds/hold.repository';
import { LedgerRepository } from '../src/ledger/ledger.repository';
import { RefundRepository } from '../src/ledger/refund.repository';
import { RefundChargeUseCase } from '../src/ledger/usecases/refund-charge.usecase';
import { ReadStatementUseCase } from '../src/statements/read-statement.usecase';
import { StatementRepository } from '../src/statements/statement.repository';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('statements_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

/** Monthly statements read from the ledger (docs/decisions/094-monthly-statements-from-the-ledger.md). */
describe.each(databases)('monthly statements on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let holds: HoldRepository;
  let refunds: RefundChargeUseCase;
  let statements: ReadStatementUseCase;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 4, entities: [DepositEntity], migrations: paymentsMigrations });
    ledger = new LedgerRepository(orm);
    holds = new HoldRepository(orm, ledger);
    refunds = new RefundChargeUseCase(new RefundRepository(orm, ledger));
    statements = new ReadStatementUseCase(new StatementRepository(orm));
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  /** Moves the entries posted under these keys to an instant: the ledger stamps its own time, a statement reads months. */
  const postedAt = async (at: string, keys: string[]): Promise<void> => {
    await orm.em.fork().execute(`update ${schemaTable(orm, 'ledger_entries')} set "created_at" = ?::timestamptz where "idempotency_key" in (${keys.map(() => '?').join(', ')})`, [at, ...keys]);
  };

  it("reads a month between its UTC midnights: opening from before it, the month's lines with their balances, holds left out, closing from the lines", async () => {
    const userId = randomUUID();
    const key = (name: string) => `${name}:${userId}`;
    await ledger.post({ userId, kind: 'deposit', amountCents: 10_000, reference: 'invoice OCT1', idempotencyKey: key('deposit-oct') });
    await postedAt('2026-10-31T23:59:59.999999Z', [key('deposit-oct')]);

    await ledger.post({ userId, kind: 'label_purchase', amountCents: -850, reference: `order ${userId}`, idempotencyKey: key('label') });
    await postedAt('2026-11-01T00:00:00Z', [key('label')]);
    const holdId = key('hold');
    await holds.place({ userId, holdId, amountCents: 3_000, reference: `bulk order ${userId}` });
    await holds.capture(holdId, [{ idempotencyKey: key('bulk-item'), amountCents: 900, reference: `bulk ${userId} row 1` }]);
    await holds.release(holdId);
    await postedAt('2026-11-10T12:00:00Z', [`hold:${holdId}`, `hold:${holdId}:held`, key('bulk-item'), `release:${holdId}`, `release:${holdId}:held`]);
    await refunds.execute({ userId, amountCents: 850, reference: 'label 9400111899223344556677 voided', idempotencyKey: key('refund'), refundOf: key('label') });
    await postedAt('2026-11-20T08:30:00Z', [key('refund')]);
    await ledger.post({ userId, kind: 'deposit', amountCents: 500, reference: 'invoice NOV30', idempotencyKey: key('deposit-nov') });
    await postedAt('2026-11-30T23:59:59.999999Z', [key('deposit-nov')]);
    await ledger.post({ userId, kind: 'label_purchase', amountCents: -200, reference: `order ${userId}`, idempotencyKey: key('label-dec') });
    await postedAt('2026-12-01T00:00:00Z', [key('label-dec')]);

    const november = await statements.execute({ userId, month: '2026-11', offset: 0, limit: 1000 });
    expect(november.summary).toMatchObject({ openingCents: 10_000, closingCents: 9_600, heldAtCloseCents: 0, lineCount: 4 });
    expect(november.lines.map((l) => [l.kind, l.description, l.amountCents, l.balanceAfterCents, l.chargeKey])).toEqual([
      ['label_purchase', `Label, order ${userId.slice(0, 8)}`, -850, 9_150, key('label')],
      ['label_purchase', `Label, batch ${userId.slice(0, 8)} row 1`, -900, 8_250, key('bulk-item')],
      ['refund', 'Refund of label 9400111899223344556677 (voided)', 850, 9_100, key('label')],
      ['deposit', 'Top-up (BTCPay invoice NOV30)', 500, 9_600, null],
    ]);
    expect(november.summary.totals.filter((t) => t.count > 0)).toEqual([
      { kind: 'deposit', count: 1, amountCents: 500 },
      { kind: 'label_purchase', count: 2, amountCents: -1_750 },
      { kind: 'refund', count: 1, amountCents: 850 },
    ]);

    const october = await statements.execute({ userId, month: '2026-10', offset: 0, limit: 1000 });
    expect(october.summary).toMatchObject({ openingCents: 0, closingCents: 10_000, lineCount: 1 });
    const december = await statements.execute({ userId, month: '2026-12', offset: 0, limit: 1000 });
    expect(december.summary).toMatchObject({ openingCents: 9_600, closingCents: 9_400, lineCount: 1 });
    const before = await statements.execute({ userId, month: '2025-01', offset: 0, limit: 1000 });
    expect(before).toMatchObject({ summary: { openingCents: 0, closingCents: 0, lineCount: 0 }, lines: [], nextOffset: null });
  });

  it('says what of the closing was still held for a batch at the end of the month', async () => {
    const userId = randomUUID();
    await ledger.post({ userId, kind: 'deposit', amountCents: 5_000, reference: 'invoice H1', idempotencyKey: `deposit:${userId}` });
    await holds.place({ userId, holdId: `hold:${userId}`, amountCents: 2_000, reference: 'bulk order x' });
    const month = new Date().toISOString().slice(0, 7);
    const part = await statements.execute({ userId, month, offset: 0, limit: 1000 });
    expect(part.summary).toMatchObject({ closingCents: 5_000, heldAtCloseCents: 2_000, lineCount: 1 });
  });

  it('refuses a statement whose ledger does not add up to the balance the account keeps', async () => {
    const userId = randomUUID();
    await ledger.post({ userId, kind: 'deposit', amountCents: 1_000, reference: 'invoice Z', idempotencyKey: `deposit:${userId}` });
    await orm.em.fork().execute(`update ${schemaTable(orm, 'accounts')} set "balance_cents" = "balance_cents" + 1 where "user_id" = ?`, [userId]);
    await expect(statements.execute({ userId, month: new Date().toISOString().slice(0, 7), offset: 0, limit: 10 })).rejects.toThrow('its entries come to $10.00 but the account holds $10.01');
  });

  it('reads 1,205 lines in parts whose balances run on from part to part', async () => {
    const userId = randomUUID();
    await ledger.post({ userId, kind: 'deposit', amountCents: 1_000_000, reference: 'invoice BIG', idempotencyKey: `deposit:${userId}` });
    const holdId = `hold:${userId}`;
    await holds.place({ userId, holdId, amountCents: 1_204 * 100, reference: 'bulk order big' });
    await holds.capture(holdId, Array.from({ length: 1_000 }, (_, i) => ({ idempotencyKey: `item:${userId}:${i}`, amountCents: 100, reference: `bulk ${userId} row ${i + 1}` })));
    await holds.capture(holdId, Array.from({ length: 204 }, (_, i) => ({ idempotencyKey: `item:${userId}:${1_000 + i}`, amountCents: 100, reference: `bulk ${userId} row ${1_001 + i}` })));
    const month = new Date().toISOString().slice(0, 7);
    let offset: number | null = 0;
    let balance = 0;
    let lines = 0;
    while (offset !== null) {
      const part = await statements.execute({ userId, month, offset, limit: 500 });
      for (const line of part.lines) {
        balance += line.amountCents;
        expect(line.balanceAfterCents).toBe(balance);
      }
      lines += part.lines.length;
      offset = part.nextOffset;
    }
    expect(lines).toBe(1_205);
    expect(balance).toBe(1_000_000 - 120_400);
  }, 60_000);
});
