import { randomUUID } from 'node:crypto';
import { PurchaseJournalRepository, type PurchaseRecord } from '../src/carriers/purchase/purchase-journal.repository';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

/** The purchase journal's SQL against the real PostgreSQL server, with two replicas sharing one database. */
describe('PurchaseJournalRepository on PostgreSQL', () => {
  let db: OrdersDatabase;
  /** The first replica's journal. */
  let journal: PurchaseJournalRepository;
  /** The second replica's. */
  let other: PurchaseJournalRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_journal_it');
    journal = new PurchaseJournalRepository(db.orm);
    other = new PurchaseJournalRepository(db.replica);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  const newKey = () => `item-${randomUUID()}`;

  const begun = async (key: string, replacing: string | null = null, carrier: PurchaseRecord['carrier'] = 'easypost'): Promise<PurchaseRecord> => {
    const attempt = await journal.begin(key, carrier, replacing);
    if (!attempt) throw new Error(`expected an attempt to begin for ${key}`);
    return attempt;
  };

  describe('begin', () => {
    it('starts the first attempt of a new key as sent, with no refs, and a second begin for the key gets nothing', async () => {
      const key = newKey();
      const before = Date.now();

      const first = await begun(key);

      expect(first).toEqual({ idempotencyKey: key, carrier: 'easypost', state: 'sent', attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/), refs: {}, aliveAt: expect.any(Date) });
      expect(Math.abs(first.aliveAt.getTime() - before)).toBeLessThan(5_000);
      expect(await other.begin(key, 'usps', null)).toBeNull();
      expect(await journal.find(key)).toEqual(first);
    });

    it('finds nothing for a key never begun', async () => {
      expect(await journal.find(newKey())).toBeNull();
    });

    it.each(['not_attempted', 'refused'] as const)('starts a new attempt after %s when given the id of the attempt it replaces', async (state) => {
      const key = newKey();
      const first = await begun(key);
      await journal.remember(first, { shipmentId: 'shp_1' });
      await journal.settle(first, state);

      const second = await other.begin(key, 'usps', first.attemptId);

      expect(second).toEqual({ idempotencyKey: key, carrier: 'usps', state: 'sent', attemptId: expect.any(String), refs: {}, aliveAt: expect.any(Date) });
      expect(second?.attemptId).not.toBe(first.attemptId);
      expect(second!.aliveAt.getTime()).toBeGreaterThanOrEqual(first.aliveAt.getTime());
      expect(await journal.find(key)).toEqual(second);
    });

    it('starts nothing after not_attempted when given the id of some other attempt, or none', async () => {
      const key = newKey();
      const first = await begun(key);
      await journal.settle(first, 'not_attempted');

      expect(await journal.begin(key, 'usps', randomUUID())).toBeNull();
      expect(await journal.begin(key, 'usps', null)).toBeNull();
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'not_attempted', attemptId: first.attemptId });
    });

    it.each(['sent', 'bought', 'unknown'] as const)('never replaces an attempt left %s, even given its id', async (state) => {
      const key = newKey();
      const first = await begun(key);
      if (state !== 'sent') await journal.settle(first, state);

      expect(await journal.begin(key, 'usps', first.attemptId)).toBeNull();
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state, attemptId: first.attemptId });
    });

    it('lets exactly one of 10 concurrent begins for a new key win, across two replicas', async () => {
      const key = newKey();

      const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? journal : other).begin(key, i < 5 ? 'easypost' : 'usps', null)));

      const winners = attempts.filter((attempt): attempt is PurchaseRecord => attempt !== null);
      expect(winners).toHaveLength(1);
      expect(await journal.find(key)).toEqual(winners[0]);
    });

    it('lets exactly one of 10 concurrent begins replacing the same not_attempted attempt win', async () => {
      const key = newKey();
      const first = await begun(key);
      await journal.settle(first, 'not_attempted');

      const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? journal : other).begin(key, 'usps', first.attemptId)));

      const winners = attempts.filter((attempt): attempt is PurchaseRecord => attempt !== null);
      expect(winners).toHaveLength(1);
      expect(await journal.find(key)).toEqual(winners[0]);
    });
  });

  describe('remember', () => {
    it('merges the refs an attempt hands out into what it already remembered', async () => {
      const key = newKey();
      const attempt = await begun(key);

      await journal.remember(attempt, { shipmentId: 'shp_1', rateId: 'rate_1' });
      await other.remember(attempt, { rateId: 'rate_2', trackerId: 'trk_1' });

      expect((await journal.find(key))?.refs).toEqual({ shipmentId: 'shp_1', rateId: 'rate_2', trackerId: 'trk_1' });
    });

    it('refuses the refs of an attempt that is no longer current, and keeps those of the current one', async () => {
      const key = newKey();
      const stale = await begun(key);
      await journal.remember(stale, { shipmentId: 'shp_stale' });
      await journal.settle(stale, 'not_attempted');
      const current = await begun(key, stale.attemptId, 'usps');
      await journal.remember(current, { sku: 'sku_1' });

      await expect(other.remember(stale, { shipmentId: 'shp_late' })).rejects.toThrow(`attempt ${stale.attemptId} is no longer current, not buying`);
      expect(await journal.find(key)).toMatchObject({ attemptId: current.attemptId, carrier: 'usps', refs: { sku: 'sku_1' } });
    });
  });

  describe('settle', () => {
    it('writes the state of the current attempt', async () => {
      const key = newKey();
      const attempt = await begun(key);

      await other.settle(attempt, 'bought');

      expect(await journal.find(key)).toMatchObject({ state: 'bought', attemptId: attempt.attemptId });
    });

    it('leaves the row alone when the attempt it is given was replaced', async () => {
      const key = newKey();
      const stale = await begun(key);
      await journal.settle(stale, 'not_attempted');
      const current = await begun(key, stale.attemptId, 'usps');

      await other.settle(stale, 'unknown');

      expect(await journal.find(key)).toMatchObject({ state: 'sent', carrier: 'usps', attemptId: current.attemptId });
    });
  });

  describe('many purchases at once', () => {
    it('answers each of 50 purchases begun, found and settled in the same moment its own row, as one statement per step does', async () => {
      const keys = Array.from({ length: 50 }, newKey);
      const attempts = await Promise.all(keys.map((key, i) => journal.begin(key, i % 2 === 0 ? 'easypost' : 'usps', null)));
      expect(attempts.map((a) => a?.idempotencyKey)).toEqual(keys);
      expect(new Set(attempts.map((a) => a?.attemptId)).size).toBe(50);

      const states = ['bought', 'refused', 'unknown', 'not_attempted'] as const;
      await Promise.all(attempts.map((a, i) => a && other.settle(a, states[i % states.length] ?? 'bought')));

      const found = await Promise.all(keys.map((key) => journal.find(key)));
      expect(found.map((f) => [f?.idempotencyKey, f?.carrier, f?.state, f?.attemptId])).toEqual(
        attempts.map((a, i) => [a?.idempotencyKey, i % 2 === 0 ? 'easypost' : 'usps', states[i % states.length], a?.attemptId]),
      );
    });
  });
});
