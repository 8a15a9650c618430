import type { ReferralBonusSettings, ReferrerOf } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import type { RpcClient } from '@labeldesk/nest-transport';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AccountRepository } from '../src/accounts/account.repository';
import { paymentsMigrations } from '../src/database/migrations';
import { DepositEntity } from '../src/deposits/deposit.entity';
import { DepositRepository } from '../src/deposits/deposit.repository';
import { ApplyInvoiceUseCase } from '../src/deposits/usecases/apply-invoice.usecase';
import { LedgerRepository } from '../src/ledger/ledger.repository';
import { EventOutboxRepository } from '../src/outbox/event-outbox.repository';
import type { EventRelay } from '../src/outbox/event-relay';
import type { ProviderInvoice } from '../src/providers/payment-provider.port';
import { FirstTopUpBonus } from '../src/referral-bonus/first-top-up-bonus';
import { ReferralBonusClaimRepository } from '../src/referral-bonus/referral-bonus-claim.repository';
import { ReferralBonusPayer } from '../src/referral-bonus/referral-bonus-payer';
import { ReferralBonusSettingsRepository } from '../src/referral-bonus/referral-bonus-settings.repository';
import { UnusedProvider } from './support/unused-provider';

const ADMIN = randomUUID();
const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('referral_bonus_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

/**
 * Decision 087 against a real ledger: the first credited top-up of a referred customer owes one bonus, recorded with
 * the credit, paid by the payer (auth's answer faked), once whatever runs twice or at once.
 */
describe.each(databases)('the referral bonus of a first top-up, on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let ledger: LedgerRepository;
  let deposits: DepositRepository;
  let settings: ReferralBonusSettingsRepository;
  let claims: ReferralBonusClaimRepository;
  let apply: ApplyInvoiceUseCase;
  /** Who referred whom, as auth would answer; a user in `failing` makes the call fail. */
  const referrers = new Map<string, string | null>();
  const failing = new Set<string>();
  const rpc = {
    call: async (_contract: unknown, body: { userId: string }): Promise<ReferrerOf> => {
      if (failing.has(body.userId)) throw new Error('no responders');
      return referrers.has(body.userId) ? { referred: true, referrerId: referrers.get(body.userId) ?? null } : { referred: false, referrerId: null };
    },
  };
  const payerFor = () => new ReferralBonusPayer(claims, ledger, rpc as unknown as RpcClient, { EVENT_RELAY_SECONDS: 3600 });
  let payer: ReferralBonusPayer;
  const provider = new UnusedProvider();

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'payments', databaseUrl: database.url, poolMax: 10, entities: [DepositEntity], migrations: paymentsMigrations });
    ledger = new LedgerRepository(orm);
    deposits = new DepositRepository(orm);
    settings = new ReferralBonusSettingsRepository(orm);
    claims = new ReferralBonusClaimRepository(orm);
    payer = payerFor();
    // Paying is left to the test, which calls payDue and waits for it: nothing runs behind its back.
    const bonus = new FirstTopUpBonus(claims, { payDue: async () => 0, nudge: () => undefined } as unknown as ReferralBonusPayer);
    const relay = { nudge: () => undefined } as unknown as EventRelay;
    apply = new ApplyInvoiceUseCase(deposits, ledger, new AccountRepository(orm), provider, new EventOutboxRepository(orm), relay, bonus);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const setBonus = (change: Partial<ReferralBonusSettings>) => settings.set({ amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000, ...change }, ADMIN);
  const customer = (referrerId?: string | null): string => {
    const userId = randomUUID();
    if (referrerId !== undefined) referrers.set(userId, referrerId);
    return userId;
  };
  const openDeposit = async (userId: string, amountCents: number): Promise<DepositEntity> => {
    const deposit = Object.assign(new DepositEntity(), { id: randomUUID(), userId, amountCents, currency: 'USD', provider: 'btcpay', status: 'New', invoiceId: `inv-${randomUUID()}` });
    return deposits.insert(deposit);
  };
  const settle = async (deposit: DepositEntity) => {
    const fresh = (await deposits.findById(deposit.id)) ?? deposit;
    const invoice: ProviderInvoice = { id: fresh.invoiceId ?? '', storeId: provider.storeId, amountCents: fresh.amountCents, currency: 'USD', status: 'Settled', additionalStatus: 'None', orderId: fresh.id };
    return apply.execute(fresh, invoice);
  };
  const bonuses = async (userId: string) => (await ledger.listEntries(userId, 100, ['referral_bonus'])).map((e) => [e.amountCents, e.reference, e.idempotencyKey]);

  it('is off by default: a referred customer\'s first top-up is recorded as such and credits nothing', async () => {
    await expect(settings.get()).resolves.toEqual({ amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 });
    const friend = randomUUID();
    const ann = customer(friend);
    await settle(await openDeposit(ann, 2500));
    await payer.payDue();
    expect([await claims.stateOf(ann), await bonuses(ann), await bonuses(friend)]).toEqual(['off', [], []]);
  });

  it('credits a referred customer and their referrer once, however often and concurrently the payment is applied and paid', async () => {
    await setBonus({});
    const friend = randomUUID();
    const ann = customer(friend);
    const deposit = await openDeposit(ann, 2000);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settle(deposit)));
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    // Two replicas' payers at once, then a replay: one credit each.
    await Promise.all([payer.payDue(), payerFor().payDue()]);
    await payer.payDue();
    expect(await bonuses(ann)).toEqual([[500, 'Referral bonus', `referral-bonus:${ann}`]]);
    expect(await bonuses(friend)).toEqual([[500, 'Referral bonus: a friend you invited made their first top-up', `referral-bonus-referrer:${ann}`]]);
    expect(await claims.stateOf(ann)).toBe('paid');
    expect((await new AccountRepository(orm).summaries([ann]))[0]).toMatchObject({ balanceCents: 2500, totalDepositCents: 2000 });
  });

  it('credits nothing for a second top-up, nor for two first top-ups credited at once but the one recorded', async () => {
    await setBonus({ recipients: 'referred' });
    const ben = customer(randomUUID());
    await Promise.all([settle(await openDeposit(ben, 3000)), settle(await openDeposit(ben, 4000))]);
    await payer.payDue();
    await settle(await openDeposit(ben, 5000));
    await payer.payDue();
    expect(await bonuses(ben)).toEqual([[500, 'Referral bonus', `referral-bonus:${ben}`]]);
  });

  it('credits nothing for an unreferred customer, and nothing for a first top-up under the minimum, even if a later one reaches it', async () => {
    await setBonus({});
    const solo = customer();
    await settle(await openDeposit(solo, 2500));
    const small = customer(randomUUID());
    await settle(await openDeposit(small, 1000));
    await settle(await openDeposit(small, 5000));
    await payer.payDue();
    expect([await claims.stateOf(solo), await bonuses(solo), await claims.stateOf(small), await bonuses(small)]).toEqual(['not_referred', [], 'below_minimum', []]);
  });

  it('moves no money while auth cannot answer, keeps the bonus pending, and pays it once auth answers', async () => {
    await setBonus({ recipients: 'referred' });
    const cat = customer(randomUUID());
    failing.add(cat);
    await settle(await openDeposit(cat, 2000));
    await payer.payDue();
    expect([await claims.stateOf(cat), await bonuses(cat)]).toEqual(['pending', []]);
    failing.delete(cat);
    // The retry is due after its backoff; bring it forward rather than wait for it.
    await orm.em.getConnection().execute(`update "payments"."referral_bonus_claims" set "next_try_at" = now() where "user_id" = ?`, [cat]);
    await payer.payDue();
    expect([await claims.stateOf(cat), await bonuses(cat)]).toEqual(['paid', [[500, 'Referral bonus', `referral-bonus:${cat}`]]]);
  });
});
