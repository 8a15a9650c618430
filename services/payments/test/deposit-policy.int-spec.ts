import { Logger } from '@nestjs/common';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AccountRepository } from '../src/accounts/account.repository';
import { paymentsMigrations } from '../src/database/migrations';
import { DepositEntity } from '../src/deposits/deposit.entity';
import { DepositRepository } from '../src/deposits/deposit.repository';
import { ApplyInvoiceUseCase, type ApplyOutcome } from '../src/deposits/usecases/apply-invoice.usecase';
import { HoldRepository } from '../src/holds/hold.repository';
import { LedgerRepository } from '../src/ledger/ledger.repository';
import { EventOutboxRepository } from '../src/outbox/event-outbox.repository';
import type { EventRelay } from '../src/outbox/event-relay';
import type { ProviderInvoice } from '../src/providers/payment-provider.port';
import { FirstTopUpBonus } from '../src/referral-bonus/first-top-up-bonus';
import { ReferralBonusClaimRepository } from '../src/referral-bonus/referral-bonus-claim.repository';
import type { ReferralBonusPayer } from '../src/referral-bonus/referral-bonus-payer';
import { UnusedProvider } from './support/unused-provider';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('deposit_policy_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

/** One spec per row of the table in docs/decisions/008-deposit-policy.md, against the use case and a real ledger. */
describe.each(databases)('decision 008, what a re-read invoice does to its deposit, on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let accounts: AccountRepository;
  let deposits: DepositRepository;
  let holds: HoldRepository;
  let apply: ApplyInvoiceUseCase;
  let outbox: EventOutboxRepository;
  const provider = new UnusedProvider();
  const relay = { nudges: 0, nudge() { this.nudges++; } };

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [DepositEntity], migrations: paymentsMigrations });
    ledger = new LedgerRepository(orm);
    accounts = new AccountRepository(orm);
    deposits = new DepositRepository(orm);
    holds = new HoldRepository(orm, ledger);
    outbox = new EventOutboxRepository(orm);
    // The referral bonus is off (its default): first top-ups are recorded, nothing is owed (referral-bonus.int-spec.ts).
    const bonus = new FirstTopUpBonus(new ReferralBonusClaimRepository(orm), { payDue: async () => 0, nudge: () => undefined } as unknown as ReferralBonusPayer);
    apply = new ApplyInvoiceUseCase(deposits, ledger, accounts, provider, outbox, relay as unknown as EventRelay, bonus);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  /** A deposit whose invoice was created (status New), for a fresh user. */
  const openDeposit = async (amountCents: number, userId: string = randomUUID()): Promise<DepositEntity> => {
    const deposit = new DepositEntity();
    Object.assign(deposit, { id: randomUUID(), userId, amountCents, currency: 'USD', provider: 'btcpay', status: 'New', invoiceId: `inv-${randomUUID()}` });
    return deposits.insert(deposit);
  };

  /** Applies the invoice as the provider now reports it, to the deposit as stored now (as the webhook and the reconciler do). */
  const applyInvoice = async (depositId: string, status: string, additionalStatus = 'None', change: Partial<ProviderInvoice> = {}): Promise<ApplyOutcome> => {
    const deposit = await deposits.findById(depositId);
    if (!deposit?.invoiceId) throw new Error(`deposit ${depositId} has no invoice`);
    const invoice: ProviderInvoice = {
      id: deposit.invoiceId,
      storeId: provider.storeId,
      amountCents: deposit.amountCents,
      currency: deposit.currency,
      status,
      additionalStatus,
      orderId: deposit.id,
      ...change,
    };
    return apply.execute(deposit, invoice);
  };

  const summary = async (userId: string) => (await accounts.summaries([userId]))[0];
  const entries = (userId: string) => ledger.listEntries(userId, 100);
  const stored = async (depositId: string) => deposits.findById(depositId);

  it('Settled: credits the amount asked for exactly once under deposit:<invoiceId>, however often and concurrently it is applied', async () => {
    const deposit = await openDeposit(2500);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => applyInvoice(deposit.id, 'Settled')));
    outcomes.push(await applyInvoice(deposit.id, 'Settled'));
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'credited').every((o) => o === 'recorded')).toBe(true);
    expect(await entries(deposit.userId)).toEqual([
      expect.objectContaining({ kind: 'deposit', amountCents: 2500, idempotencyKey: `deposit:${deposit.invoiceId}`, reference: `invoice ${deposit.invoiceId}` }),
    ]);
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 2500, totalDepositCents: 2500 });
    expect(await stored(deposit.id)).toMatchObject({ status: 'Settled', credited: true, reversed: false, note: null });
  });

  it('Settled: writes one balance.credited webhook event with the credit, however often it is applied, and asks for it to be relayed', async () => {
    const deposit = await openDeposit(1800);
    const nudges = relay.nudges;
    await Promise.all(Array.from({ length: 3 }, () => applyInvoice(deposit.id, 'Settled')));
    const events = await orm.em.fork().execute<Array<{ event_id: string; type: string; data: unknown; relayed_at: Date | null }>>(
      `select "event_id", "type", "data", "relayed_at" from "payments"."event_outbox" where "user_id" = ?`,
      [deposit.userId],
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_id: `balance.credited:deposit:${deposit.invoiceId}`, type: 'balance.credited', relayed_at: null });
    const data = typeof events[0]?.data === 'string' ? (JSON.parse(events[0].data) as unknown) : events[0]?.data;
    expect(data).toEqual({ kind: 'deposit', depositId: deposit.id, invoiceId: deposit.invoiceId, amountCents: 1800, currency: 'USD' });
    expect(relay.nudges - nudges).toBe(1);
    const [claimed] = await outbox.claimDue(100, 30).then((due) => due.filter((e) => e.userId === deposit.userId));
    expect(claimed).toMatchObject({ eventId: `balance.credited:deposit:${deposit.invoiceId}`, tries: 1 });
    // Claimed: no other replica takes it during its lease.
    expect((await outbox.claimDue(100, 30)).filter((e) => e.userId === deposit.userId)).toEqual([]);
  });

  it('Settled + PaidOver: credits the amount asked for, not what was paid, and notes the overpayment for support', async () => {
    const deposit = await openDeposit(1000);
    expect(await applyInvoice(deposit.id, 'Settled', 'PaidOver')).toBe('credited');
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 1000, totalDepositCents: 1000 });
    expect(await stored(deposit.id)).toMatchObject({ status: 'Settled', additionalStatus: 'PaidOver', credited: true, note: 'Overpaid: the extra was not credited, contact support' });
  });

  it('Settled + Marked: credits what the store owner confirmed, and reverses it when the invoice is later marked Invalid', async () => {
    const deposit = await openDeposit(3000);
    expect(await applyInvoice(deposit.id, 'Settled', 'Marked')).toBe('credited');
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 3000 });
    expect(await stored(deposit.id)).toMatchObject({ status: 'Settled', credited: true, note: 'Marked paid by the store' });

    expect(await applyInvoice(deposit.id, 'Invalid', 'Marked')).toBe('reversed');
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 0, totalDepositCents: 0 });
    expect(await entries(deposit.userId)).toContainEqual(expect.objectContaining({ kind: 'reversal', amountCents: -3000, idempotencyKey: `reversal:${deposit.invoiceId}` }));
    expect(await stored(deposit.id)).toMatchObject({ status: 'Invalid', reversed: true, note: 'Payment invalidated: the credit was reversed' });
  });

  it('Processing: records the state and credits nothing, also when the payment falls back to New', async () => {
    const deposit = await openDeposit(1500);
    expect(await applyInvoice(deposit.id, 'Processing')).toBe('recorded');
    expect(await stored(deposit.id)).toMatchObject({ status: 'Processing', credited: false });
    expect(await applyInvoice(deposit.id, 'New')).toBe('recorded');
    expect(await stored(deposit.id)).toMatchObject({ status: 'New', credited: false });
    expect(await entries(deposit.userId)).toEqual([]);
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 0, totalDepositCents: 0 });
  });

  it('Expired + PaidLate: records it with a note for review, and credits it once the store owner marks it Settled', async () => {
    const deposit = await openDeposit(2000);
    expect(await applyInvoice(deposit.id, 'Expired', 'PaidLate')).toBe('recorded');
    expect(await stored(deposit.id)).toMatchObject({ status: 'Expired', credited: false, note: 'Paid after the invoice expired: waiting for review by support' });
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 0 });

    expect(await applyInvoice(deposit.id, 'Settled', 'Marked')).toBe('credited');
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 2000, totalDepositCents: 2000 });
    expect(await stored(deposit.id)).toMatchObject({ status: 'Settled', credited: true });
  });

  it('Expired, New: records the state and credits nothing', async () => {
    const expired = await openDeposit(1200);
    expect(await applyInvoice(expired.id, 'Expired')).toBe('recorded');
    expect(await stored(expired.id)).toMatchObject({ status: 'Expired', credited: false, note: null });
    const fresh = await openDeposit(800);
    expect(await applyInvoice(fresh.id, 'New')).toBe('recorded');
    expect(await stored(fresh.id)).toMatchObject({ status: 'New', credited: false });
    expect([...(await entries(expired.userId)), ...(await entries(fresh.userId))]).toEqual([]);
  });

  it('Invalid after a credit: reverses only what the available balance still holds, never held money, and notes the shortfall on the deposit', async () => {
    const deposit = await openDeposit(3000);
    await applyInvoice(deposit.id, 'Settled');
    await ledger.post({ userId: deposit.userId, kind: 'label_purchase', amountCents: -1000, reference: 'label', idempotencyKey: `label:${randomUUID()}` });
    await holds.place({ userId: deposit.userId, holdId: `bulk-${randomUUID()}`, amountCents: 1500, reference: 'bulk order' });

    expect(await applyInvoice(deposit.id, 'Invalid')).toBe('reversed');
    expect(await entries(deposit.userId)).toContainEqual(expect.objectContaining({ kind: 'reversal', amountCents: -500, balanceAfterCents: 0, idempotencyKey: `reversal:${deposit.invoiceId}` }));
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 0, heldCents: 1500, totalDepositCents: 2500, totalSpentCents: 1000 });
    expect(await stored(deposit.id)).toMatchObject({ status: 'Invalid', reversed: true, note: 'Reversed 500 of 3000 cents: the rest was already spent' });

    // Applied again (a redelivery): nothing more is taken.
    expect(await applyInvoice(deposit.id, 'Invalid')).toBe('recorded');
    expect((await entries(deposit.userId)).filter((e) => e.kind === 'reversal')).toHaveLength(1);
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 0, heldCents: 1500 });
  });

  it('Invalid after a credit that was all spent: reverses nothing, the balance stays at zero, and the deposit says so', async () => {
    const deposit = await openDeposit(700);
    await applyInvoice(deposit.id, 'Settled');
    await ledger.post({ userId: deposit.userId, kind: 'label_purchase', amountCents: -700, reference: 'label', idempotencyKey: `label:${randomUUID()}` });
    expect(await applyInvoice(deposit.id, 'Invalid')).toBe('reversed');
    expect((await entries(deposit.userId)).filter((e) => e.kind === 'reversal')).toEqual([]);
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 0, totalDepositCents: 700 });
    expect(await stored(deposit.id)).toMatchObject({ status: 'Invalid', reversed: true, note: 'Reversed 0 of 700 cents: the rest was already spent' });
  });

  it('Settled: the credit and the credited mark land together or not at all', async () => {
    const deposit = await openDeposit(1200);
    const crash = jest.spyOn(deposits, 'updateIn').mockRejectedValueOnce(new Error('process killed'));
    await expect(applyInvoice(deposit.id, 'Settled')).rejects.toThrow('process killed');
    crash.mockRestore();
    expect(await entries(deposit.userId)).toEqual([]);
    expect(await stored(deposit.id)).toMatchObject({ credited: false });
    expect(await applyInvoice(deposit.id, 'Settled')).toBe('credited');
    expect(await stored(deposit.id)).toMatchObject({ status: 'Settled', credited: true });
    expect(await summary(deposit.userId)).toMatchObject({ balanceCents: 1200 });
  });

  it('Invalid retried after a crash between the reversal and the deposit update answers the reversal already posted, not a new amount', async () => {
    const deposit = await openDeposit(3000);
    await applyInvoice(deposit.id, 'Settled');
    await ledger.post({ userId: deposit.userId, kind: 'deposit', amountCents: 1000, reference: 'another top-up', idempotencyKey: `deposit:${randomUUID()}` });
    const crash = jest.spyOn(deposits, 'update').mockRejectedValueOnce(new Error('process killed'));
    await expect(applyInvoice(deposit.id, 'Invalid')).rejects.toThrow('process killed');
    crash.mockRestore();
    // The balance is now 1,000: recomputing would try to post 1,000 under the key that already holds 3,000.
    expect(await applyInvoice(deposit.id, 'Invalid')).toBe('reversed');
    expect((await entries(deposit.userId)).filter((e) => e.kind === 'reversal').map((e) => e.amountCents)).toEqual([-3000]);
    expect(await stored(deposit.id)).toMatchObject({ status: 'Invalid', reversed: true, note: 'Payment invalidated: the credit was reversed' });
  });

  it('Invalid delivered twice at the same moment reverses once and both runs record the same amount', async () => {
    const deposit = await openDeposit(3000);
    await applyInvoice(deposit.id, 'Settled');
    await ledger.post({ userId: deposit.userId, kind: 'label_purchase', amountCents: -1000, reference: 'label', idempotencyKey: `label:${randomUUID()}` });
    await Promise.all([applyInvoice(deposit.id, 'Invalid'), applyInvoice(deposit.id, 'Invalid')]);
    expect((await entries(deposit.userId)).filter((e) => e.kind === 'reversal').map((e) => e.amountCents)).toEqual([-2000]);
    expect(await stored(deposit.id)).toMatchObject({ reversed: true, note: 'Reversed 2000 of 3000 cents: the rest was already spent' });
  });

  it('Invalid without a credit: records the state and reverses nothing', async () => {
    const deposit = await openDeposit(900);
    expect(await applyInvoice(deposit.id, 'Invalid')).toBe('recorded');
    expect(await stored(deposit.id)).toMatchObject({ status: 'Invalid', credited: false, reversed: false });
    expect(await entries(deposit.userId)).toEqual([]);
  });

  it('credits nothing for an invoice that does not match its deposit (store, orderId, currency or amount) and notes why', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const deposit = await openDeposit(1000);
    expect(await applyInvoice(deposit.id, 'Settled', 'None', { storeId: 'store-theirs' })).toBe('ignored');
    expect(await applyInvoice(deposit.id, 'Settled', 'None', { orderId: randomUUID() })).toBe('ignored');
    expect(await applyInvoice(deposit.id, 'Settled', 'None', { currency: 'EUR' })).toBe('ignored');
    expect(await applyInvoice(deposit.id, 'Settled', 'None', { amountCents: 100_000 })).toBe('ignored');
    expect(await stored(deposit.id)).toMatchObject({ status: 'New', credited: false, note: 'Invoice does not match: amount 100000' });
    expect(await entries(deposit.userId)).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(4);
    logged.mockRestore();
  });
});
