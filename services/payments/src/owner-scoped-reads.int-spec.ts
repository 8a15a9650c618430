import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DepositEntity } from './deposits/deposit.entity';
import { DepositRepository } from './deposits/deposit.repository';
import { paymentsMigrations } from './database/migrations';
import { HoldRepository } from './holds/hold.repository';
import { LedgerRepository } from './ledger/ledger.repository';

/** The owner-scoped reads filter by owner in the query itself: another user's row never leaves the database. */
describe('owner-scoped reads on PostgreSQL', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let holds: HoldRepository;
  let deposits: DepositRepository;
  const owner = { userId: randomUUID(), role: 'user' as const };
  const stranger = ownerScopeOf({ userId: randomUUID(), role: 'user' });
  const admin = ownerScopeOf({ userId: randomUUID(), role: 'admin' });
  const mine = ownerScopeOf(owner);

  beforeAll(async () => {
    database = await createPostgresDatabase('owner_scope_it');
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 4, entities: [DepositEntity], migrations: paymentsMigrations });
    const ledger = new LedgerRepository(orm);
    holds = new HoldRepository(orm, ledger);
    deposits = new DepositRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it("finds a hold for its owner and an admin, and another user's hold no more than a missing one", async () => {
    const ledger = new LedgerRepository(orm);
    await ledger.post({ userId: owner.userId, kind: 'deposit', amountCents: 1000, reference: 'test deposit', idempotencyKey: `deposit:${randomUUID()}` });
    const holdId = `bulk:${randomUUID()}`;
    await holds.place({ userId: owner.userId, holdId, amountCents: 500, reference: 'bulk' });
    expect(await holds.findOwned(holdId, mine)).toMatchObject({ holdId, userId: owner.userId });
    expect(await holds.findOwned(holdId, admin)).toMatchObject({ holdId, userId: owner.userId });
    expect(await holds.findOwned(holdId, stranger)).toBeNull();
    expect(await holds.findOwned(`bulk:${randomUUID()}`, mine)).toBeNull();
  });

  it("finds a deposit by its invoice for its owner and an admin, and another user's no more than a missing one", async () => {
    const invoiceId = `test_${randomUUID()}`;
    await deposits.insert(Object.assign(new DepositEntity(), { id: randomUUID(), userId: owner.userId, amountCents: 2500, provider: 'test', invoiceId }));
    expect(await deposits.findOwnedByInvoiceId(invoiceId, mine)).toMatchObject({ invoiceId, userId: owner.userId });
    expect(await deposits.findOwnedByInvoiceId(invoiceId, admin)).toMatchObject({ invoiceId, userId: owner.userId });
    expect(await deposits.findOwnedByInvoiceId(invoiceId, stranger)).toBeNull();
    expect(await deposits.findOwnedByInvoiceId(`test_${randomUUID()}`, mine)).toBeNull();
  });
});
