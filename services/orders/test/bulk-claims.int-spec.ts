import type { BoughtLabel } from '../src/carriers/carrier.port';
import type { BulkStatus, LabelFormat } from '@labeldesk/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { BulkRepository, FAILED_LABELS_SHOWN } from '../src/bulk/bulk.repository';
import { PurchaseJournalRepository } from '../src/carriers/purchase/purchase-journal.repository';
import type { BulkOrderRow, ClaimedItem, NewBulkItem } from '../src/bulk/bulk.rows';
import { bulkRow } from './support/addresses';
import { openOrdersDatabase, within, type OrdersDatabase } from './support/orders-database';

/** The bulk engine's SQL against the real PostgreSQL server, with two replicas sharing one database (decisions 010, 020). */
describe('BulkRepository on PostgreSQL', () => {
  let db: OrdersDatabase;
  /** The first replica's repository. */
  let bulk: BulkRepository;
  /** The second replica's. */
  let other: BulkRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_bulk_it');
    bulk = new BulkRepository(db.orm);
    other = new BulkRepository(db.replica);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  const items = (userId: string, count: number, sku: (n: number) => string | null = () => null, rowNo: (n: number) => number = (n) => n): NewBulkItem[] =>
    Array.from({ length: count }, (_, n) => ({
      id: randomUUID(),
      userId,
      rowNo: rowNo(n),
      serviceName: 'USPS Ground Advantage',
      serviceUid: 'usps-ground',
      priceCents: 100 + n,
      sku: sku(n),
    }));

  /** Stages each item's row (`bulkRow(n)` at the item's row number), as a submission does before its first round. */
  const stageRowsOf = async (orderId: string, userId: string, written: readonly NewBulkItem[], sku: (n: number) => string | null = () => null) => {
    const byRow = written.map((item, n) => ({ rowNo: item.rowNo, row: bulkRow(n, sku(n)) })).sort((a, b) => a.rowNo - b.rowNo);
    // Runs of consecutive row numbers go in one slice each, as the gateway sends them.
    let run: typeof byRow = [];
    const flush = async () => {
      if (run[0]) expect(await bulk.stage(orderId, userId, run[0].rowNo, run.map((r) => r.row))).toBe(true);
      run = [];
    };
    for (const entry of byRow) {
      const last = run[run.length - 1];
      if (last && (entry.rowNo !== last.rowNo + 1 || run.length === 250)) await flush();
      run.push(entry);
    }
    await flush();
  };

  /** The order ids of a draft's staged rows, in row order. */
  const stagedOrderIds = async (orderId: string) =>
    (await db.sql<{ order_id: string }>(`select "data"->'package'->>'order_id' as "order_id" from "orders"."bulk_staged_rows" where "bulk_order_id" = ? order by "row_no"`, [orderId])).map((r) => r.order_id);

  /** A batch being bought (round 1) with `count` pending items; answers its id and items. */
  const buying = async (count: number, options: { userId?: string; sku?: (n: number) => string | null; rowNo?: (n: number) => number; labelFormat?: LabelFormat } = {}) => {
    const userId = options.userId ?? randomUUID();
    const orderId = await bulk.createDraft(userId);
    const written = items(userId, count, options.sku, options.rowNo);
    await stageRowsOf(orderId, userId, written, options.sku);
    const cents = written.reduce((sum, i) => sum + i.priceCents, 0);
    expect(await bulk.startFirstRound(orderId, written, { labelFormat: options.labelFormat ?? '4x6', sortBySku: false }, `bulk:${orderId}:1`, cents)).toBe(true);
    return { orderId, userId, items: written };
  };

  const bought = (trackingNumber: string, pdf: Buffer): BoughtLabel => ({
    carrier: 'easypost', trackingNumber, serviceUid: 'usps_priority', format: 'PDF', file: pdf, costCents: 812, carrierRefs: { shipmentId: `shp_${trackingNumber}` },
  });
  const label = (itemId: string, orderId: string) => ({ ok: true as const, itemId, orderId, label: bought(`TRK-${itemId}`, Buffer.from(`pdf ${itemId}`)) });
  const failure = (itemId: string, orderId: string, error = 'carrier said no') => ({ ok: false as const, itemId, orderId, error });

  const itemStates = (orderId: string) =>
    db.sql<{ id: string; row_no: number; status: string; round: number; claimed: boolean }>(
      `select "id", "row_no", "status", "round", coalesce("claimed_until" > now(), false) as "claimed" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`,
      [orderId],
    );
  const setStatus = (orderId: string, status: BulkStatus) => db.sql(`update "orders"."bulk_orders" set "status" = ? where "id" = ?`, [status, orderId]);
  // Time passing, moved by hand: a lease that ended a second ago (a short real lease would lapse early on a slow machine).
  const lapseItemClaims = (itemIds: readonly string[]) =>
    db.sql(`update "orders"."bulk_items" set "claimed_until" = now() - interval '1 second' where "id" in (${itemIds.map(() => '?').join(', ')})`, itemIds);
  const lapseFilesLease = (orderId: string) => db.sql(`update "orders"."bulk_orders" set "lease_until" = now() - interval '1 second' where "id" = ?`, [orderId]);
  /** The items a claim took, in row order: UPDATE ... RETURNING answers them in no promised order. */
  const ids = (claimed: readonly ClaimedItem[]) => [...claimed].sort((a, b) => a.row_no - b.row_no).map((c) => c.id);
  const counts = (row: BulkOrderRow | null | undefined) =>
    row && { processed: row.processed_count, failed: row.failed_count, charged: Number(row.charged_cents), status: row.status };

  describe('drafts and staged rows', () => {
    it('creates a draft of the user with nothing in it, and finds nothing for an unknown id', async () => {
      const userId = randomUUID();
      const id = await bulk.createDraft(userId);
      expect(await bulk.find(id)).toMatchObject({ id, user_id: userId, status: 'draft', total_count: 0, processed_count: 0, failed_count: 0, round: 0, hold_id: null });
      expect(await bulk.find(randomUUID())).toBeNull();
    });

    it('stages rows only into the user’s own draft, and a slice sent again replaces the rows it covers', async () => {
      const userId = randomUUID();
      const id = await bulk.createDraft(userId);
      expect(await bulk.stage(id, randomUUID(), 0, [bulkRow(0)])).toBe(false);
      expect(await bulk.stage(id, userId, 0, [bulkRow(0), bulkRow(1)])).toBe(true);
      expect(await bulk.stage(id, userId, 2, [bulkRow(2), bulkRow(3)])).toBe(true);
      expect(await bulk.stage(id, userId, 2, [bulkRow(22)])).toBe(true);
      expect(await stagedOrderIds(id)).toEqual(['order-0', 'order-1', 'order-22', 'order-3']);
      await setStatus(id, 'processing');
      expect(await bulk.stage(id, userId, 4, [bulkRow(4)])).toBe(false);
      expect(await stagedOrderIds(id)).toHaveLength(4);
    });

    it('starts over when a submission stages its first rows again: rows of the earlier, longer one do not linger', async () => {
      const userId = randomUUID();
      const id = await bulk.createDraft(userId);
      await bulk.stage(id, userId, 0, [bulkRow(0), bulkRow(1)]);
      await bulk.stage(id, userId, 2, [bulkRow(2), bulkRow(3)]);
      await bulk.stage(id, userId, 0, [bulkRow(10)]);
      expect(await stagedOrderIds(id)).toEqual(['order-10']);
    });

    it("leaves a draft's rows alone when someone else's first slice names it, and a slice of the owner's makes the draft young again", async () => {
      const userId = randomUUID();
      const id = await bulk.createDraft(userId);
      await bulk.stage(id, userId, 0, [bulkRow(0), bulkRow(1), bulkRow(2)]);
      expect(await bulk.stage(id, randomUUID(), 0, [bulkRow(9)])).toBe(false);
      expect(await stagedOrderIds(id)).toEqual(['order-0', 'order-1', 'order-2']);
      await db.sql(`update "orders"."bulk_orders" set "updated_at" = now() - interval '25 hours' where "id" = ?`, [id]);
      expect(await bulk.stage(id, userId, 3, [bulkRow(3)])).toBe(true);
      expect(await bulk.dropAbandonedUploads(24)).toBe(0);
      expect(await stagedOrderIds(id)).toEqual(['order-0', 'order-1', 'order-2', 'order-3']);
    });

    it("summarises a draft of 1,001 staged rows for pricing (service, weight, SKU), in row order, each once, across pages of 500", async () => {
      const userId = randomUUID();
      const id = await bulk.createDraft(userId);
      const sku = (n: number) => (n % 2 === 0 ? `SKU-${n}` : null);
      for (let first = 0; first < 1001; first += 250) {
        const slice = Array.from({ length: Math.min(250, 1001 - first) }, (_, i) => bulkRow(first + i, sku(first + i)));
        expect(await bulk.stage(id, userId, first, slice)).toBe(true);
      }
      const read = await bulk.stagedSummaries(id, 500);
      expect(read.map((r) => r.rowNo)).toEqual(Array.from({ length: 1001 }, (_, n) => n));
      expect(read.map((r) => r.sku)).toEqual(Array.from({ length: 1001 }, (_, n) => sku(n)));
      const row = bulkRow(0);
      expect(read.every((r) => r.serviceName === row.service_name && r.weightLb === row.package.package_weight)).toBe(true);
    });

    it('summarises every staged row once even when the row numbers have a gap', async () => {
      const userId = randomUUID();
      const id = await bulk.createDraft(userId);
      // Rows 0-9 and 600-1099: a caller may name any first row, and paging must follow the row numbers, not a count.
      await bulk.stage(id, userId, 0, Array.from({ length: 10 }, (_, n) => bulkRow(n)));
      await bulk.stage(id, userId, 600, Array.from({ length: 500 }, (_, n) => bulkRow(600 + n)));
      const read = (await bulk.stagedSummaries(id, 500)).map((r) => r.rowNo);
      expect(read).toHaveLength(510);
      expect(new Set(read).size).toBe(510);
      expect(read.slice(8, 12)).toEqual([8, 9, 600, 601]);
    });

    it('drops a draft’s staged rows and no other draft’s', async () => {
      const userId = randomUUID();
      const [a, b] = [await bulk.createDraft(userId), await bulk.createDraft(userId)];
      await bulk.stage(a, userId, 0, [bulkRow(0)]);
      await bulk.stage(b, userId, 0, [bulkRow(1)]);
      await bulk.dropStaged(a);
      expect(await stagedOrderIds(a)).toEqual([]);
      expect(await stagedOrderIds(b)).toHaveLength(1);
    });

    it('drops the uploaded rows of drafts untouched for the given hours, and no rows of a draft a slice has just touched', async () => {
      const userId = randomUUID();
      const [abandoned, resumed, fresh] = [await bulk.createDraft(userId), await bulk.createDraft(userId), await bulk.createDraft(userId)];
      await bulk.stage(abandoned, userId, 0, [bulkRow(0), bulkRow(1)]);
      await bulk.stage(resumed, userId, 0, [bulkRow(2)]);
      await bulk.stage(fresh, userId, 0, [bulkRow(3)]);
      await db.sql(`update "orders"."bulk_orders" set "updated_at" = now() - interval '25 hours' where "id" in (?, ?)`, [abandoned, resumed]);
      // The next slice of an upload touches its draft.
      await bulk.stage(resumed, userId, 1, [bulkRow(4)]);

      expect(await bulk.dropAbandonedUploads(24)).toBe(2);
      expect(await stagedOrderIds(abandoned)).toEqual([]);
      expect(await stagedOrderIds(resumed)).toHaveLength(2);
      expect(await stagedOrderIds(fresh)).toHaveLength(1);
      expect(await bulk.find(abandoned)).toMatchObject({ status: 'draft' });
      expect(await bulk.dropAbandonedUploads(24)).toBe(0);
    });
  });

  describe('rounds', () => {
    it('turns a draft into a batch being bought once: items written (over several insert groups), staged rows dropped, the hold named', async () => {
      const userId = randomUUID();
      const orderId = await bulk.createDraft(userId);
      const written = items(userId, 501);
      await bulk.stage(orderId, userId, 0, written.map((_, n) => bulkRow(n)));
      const options = { labelFormat: 'letter_2up' as const, sortBySku: true };
      expect(await bulk.startFirstRound(orderId, written, options, `bulk:${orderId}:1`, 5000)).toBe(true);
      expect(await bulk.startFirstRound(orderId, items(userId, 3), options, `bulk:${orderId}:1`, 5000)).toBe(false);
      expect(await bulk.find(orderId)).toMatchObject({
        status: 'processing', total_count: 501, round: 1, hold_id: `bulk:${orderId}:1`, label_format: 'letter_2up', sort_by_sku: true,
      });
      const row = await bulk.find(orderId);
      expect([Number(row?.hold_cents), Number(row?.quoted_cents)]).toEqual([5000, 5000]);
      const states = await itemStates(orderId);
      expect(states.map((s) => s.id)).toEqual(written.map((i) => i.id));
      expect(states.every((s) => s.status === 'pending' && s.round === 1 && !s.claimed)).toBe(true);
      expect(await stagedOrderIds(orderId)).toEqual([]);
      // Each item carries its own staged row.
      const copied = await db.sql<{ id: string; order_id: string }>(`select "id", "data"->'package'->>'order_id' as "order_id" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`, [orderId]);
      expect(copied).toEqual(written.map((item, n) => ({ id: item.id, order_id: `order-${n}` })));
    });

    it('writes no item and leaves the draft as it was when an item has no staged row', async () => {
      const userId = randomUUID();
      const orderId = await bulk.createDraft(userId);
      const written = items(userId, 3);
      await bulk.stage(orderId, userId, 0, [bulkRow(0), bulkRow(1)]);
      await expect(bulk.startFirstRound(orderId, written, { labelFormat: '4x6', sortBySku: false }, `bulk:${orderId}:1`, 303)).rejects.toThrow('1 item(s) have no staged row');
      expect(await bulk.find(orderId)).toMatchObject({ status: 'draft', total_count: 0, round: 0, hold_id: null });
      expect(await itemStates(orderId)).toEqual([]);
      expect(await stagedOrderIds(orderId)).toEqual(['order-0', 'order-1']);
    });

    it('undoes a first round whose hold was refused: a draft again, with no item a worker could buy', async () => {
      const { orderId } = await buying(3);
      await bulk.undoFirstRound(orderId);
      expect(await bulk.find(orderId)).toMatchObject({ status: 'draft', total_count: 0, round: 0, hold_id: null });
      expect(await itemStates(orderId)).toEqual([]);
      expect(await bulk.claimItems(orderId, 10, 60)).toEqual([]);
    });

    it('puts exactly the failed items back for a retry round, holding exactly their prices, and only from the statuses named', async () => {
      const { orderId, items: written } = await buying(4);
      const [a, b, c, d] = written.map((i) => i.id) as [string, string, string, string];
      await bulk.markLabelled([label(a, orderId)]);
      await bulk.markSucceeded([a]);
      await bulk.markFailed([failure(b, orderId), failure(d, orderId)]);
      await bulk.markLabelled([label(c, orderId)]);
      await bulk.markSucceeded([c]);
      await setStatus(orderId, 'completed_with_errors');
      expect(await bulk.startRetryRound(orderId, ['failed'])).toBeNull();
      const retry = await bulk.startRetryRound(orderId, ['completed_with_errors', 'failed']);
      expect(retry).toEqual({ round: 2, holdId: `bulk:${orderId}:2`, holdCents: 101 + 103, count: 2 });
      expect(await bulk.find(orderId)).toMatchObject({ status: 'retrying_failed', round: 2, hold_id: `bulk:${orderId}:2`, failed_count: 0, processed_count: 2 });
      expect((await itemStates(orderId)).map((s) => [s.status, s.round])).toEqual([['succeeded', 1], ['pending', 2], ['succeeded', 1], ['pending', 2]]);
      expect(ids(await bulk.claimItems(orderId, 10, 60))).toEqual([b, d]);
    });

    it('answers no retry round for a batch with no failed item, and changes nothing', async () => {
      const { orderId, items: written } = await buying(1);
      await bulk.markLabelled([label(written[0]!.id, orderId)]);
      await bulk.markSucceeded([written[0]!.id]);
      await setStatus(orderId, 'completed');
      expect(await bulk.startRetryRound(orderId, ['completed'])).toBeNull();
      expect(await bulk.find(orderId)).toMatchObject({ status: 'completed', round: 1 });
    });

    it('undoes a retry round whose hold was refused: the items failed again in their round, the batch as it was', async () => {
      const { orderId, items: written } = await buying(3);
      await bulk.markFailed(written.slice(0, 2).map((i) => failure(i.id, orderId, `no ${i.rowNo}`)));
      await setStatus(orderId, 'completed_with_errors');
      const retry = await bulk.startRetryRound(orderId, ['completed_with_errors']);
      await bulk.undoRetryRound(orderId, retry!.round, 'completed_with_errors');
      expect(await bulk.find(orderId)).toMatchObject({ status: 'completed_with_errors', round: 1, hold_id: null, failed_count: 2 });
      expect(Number((await bulk.find(orderId))?.hold_cents)).toBe(0);
      expect((await itemStates(orderId)).map((s) => [s.status, s.round])).toEqual([['failed', 1], ['failed', 1], ['pending', 1]]);
      expect((await bulk.failedItems(orderId)).map((f) => f.error)).toEqual(['no 0', 'no 1']);
    });
  });

  describe('claims', () => {
    it('claims the oldest pending rows of one batch first, up to the limit, with everything a worker needs to buy them', async () => {
      const { orderId, userId, items: written } = await buying(5);
      const elsewhere = await buying(2);
      await bulk.markFailed([failure(written[0]!.id, orderId)]);
      const claimed = await bulk.claimItems(orderId, 3, 60);
      expect(ids(claimed)).toEqual(written.slice(1, 4).map((i) => i.id));
      expect(claimed.find((c) => c.row_no === 1)).toEqual({
        id: written[1]!.id, bulk_order_id: orderId, user_id: userId, row_no: 1, round: 1, service_uid: 'usps-ground', service_name: 'USPS Ground Advantage',
        price_cents: 101, data: bulkRow(1), pending_since: expect.stringMatching(/^\d{4}-\d\d-\d\d /), batch_label_format: '4x6', hold_id: `bulk:${orderId}:1`,
      });
      expect(ids(await bulk.claimItems(elsewhere.orderId, 10, 60))).toEqual(elsewhere.items.map((i) => i.id));
    });

    it('claims only rows after the row number given, oldest first, and rows before it again from the start', async () => {
      const { orderId, items: written } = await buying(6);
      expect(ids(await bulk.claimItems(orderId, 2, 60, 2))).toEqual([written[3]!.id, written[4]!.id]);
      expect(ids(await bulk.claimItems(orderId, 10, 60, 4))).toEqual([written[5]!.id]);
      expect(await bulk.claimItems(orderId, 10, 60, 5)).toEqual([]);
      expect(ids(await bulk.claimItems(orderId, 10, 60))).toEqual(written.slice(0, 3).map((i) => i.id));
    });

    it("claims a zpl batch's rows with its label format, so the worker buys ZPL labels", async () => {
      const { orderId } = await buying(2, { labelFormat: 'zpl' });
      expect((await bulk.claimItems(orderId, 10, 60)).map((c) => c.batch_label_format)).toEqual(['zpl', 'zpl']);
    });

    it('does not claim an item again while its claim runs, and claims it again once the lease has lapsed', async () => {
      const { orderId, items: written } = await buying(4);
      const first = await bulk.claimItems(orderId, 2, 60);
      expect(ids(first)).toEqual([written[0]!.id, written[1]!.id]);
      expect(ids(await other.claimItems(orderId, 10, 60))).toEqual([written[2]!.id, written[3]!.id]);
      expect(await other.claimItems(orderId, 10, 60)).toEqual([]);
      await lapseItemClaims(ids(first));
      expect(ids(await other.claimItems(orderId, 10, 60))).toEqual(ids(first));
      expect(await bulk.claimItems(orderId, 10, 60)).toEqual([]);
    });

    it('hands given-back claims to the next claimer at once, without waiting for the lease', async () => {
      const { orderId, items: written } = await buying(3);
      const claimed = await bulk.claimItems(orderId, 3, 600);
      expect(await other.claimItems(orderId, 3, 600)).toEqual([]);
      await bulk.releaseClaims([]);
      await bulk.releaseClaims(ids(claimed).slice(1));
      expect(ids(await other.claimItems(orderId, 3, 600))).toEqual([written[1]!.id, written[2]!.id]);
    });

    it('never claims a labelled, succeeded or failed item, even with its claim lapsed', async () => {
      const { orderId, items: written } = await buying(4);
      await bulk.claimItems(orderId, 4, 60);
      await bulk.markLabelled([label(written[0]!.id, orderId), label(written[1]!.id, orderId)]);
      await bulk.markSucceeded([written[1]!.id]);
      await bulk.markFailed([failure(written[2]!.id, orderId)]);
      await lapseItemClaims(written.map((item) => item.id));
      expect(ids(await bulk.claimItems(orderId, 10, 60))).toEqual([written[3]!.id]);
    });

    it('gives every item of a batch to exactly one of six claimers on two replicas claiming at the same time', async () => {
      const { orderId, items: written } = await buying(300);
      const worker = async (repo: BulkRepository) => {
        const mine: ClaimedItem[][] = [];
        for (;;) {
          const claimed = await repo.claimItems(orderId, 7, 60);
          if (claimed.length === 0) return mine;
          mine.push(claimed);
        }
      };
      const groups = (await Promise.all([bulk, other, bulk, other, bulk, other].map(worker))).flat();
      const all = groups.flatMap(ids);
      expect(all).toHaveLength(300);
      expect(new Set(all).size).toBe(300);
      expect([...all].sort()).toEqual(written.map((i) => i.id).sort());
      expect(Math.max(...groups.map((g) => g.length))).toBeLessThanOrEqual(7);
      expect((await itemStates(orderId)).every((s) => s.claimed)).toBe(true);
    }, 30_000);

    it('skips the rows another replica is claiming in an open transaction and takes the next ones at once, without waiting for it', async () => {
      const { orderId, items: written } = await buying(10);
      const replica = await db.connect();
      try {
        await replica.query('begin');
        await replica.query(
          `update "orders"."bulk_items" set "claimed_until" = now() + interval '1 minute' where "bulk_order_id" = $1 and "row_no" < 5`,
          [orderId],
        );
        const claimed = await within(10_000, 'a claim beside a claim in progress', bulk.claimItems(orderId, 5, 60));
        expect(ids(claimed)).toEqual(written.slice(5).map((i) => i.id));
        expect(await within(10_000, 'a claim with nothing left to skip to', other.claimItems(orderId, 5, 60))).toEqual([]);
        await replica.query('rollback');
        // The other claim never committed: its rows are free, and are taken now.
        expect(ids(await other.claimItems(orderId, 10, 60))).toEqual(written.slice(0, 5).map((i) => i.id));
      } finally {
        await replica.query('rollback').catch(() => undefined);
        await replica.end();
      }
    });

    it('claims the items a retry round put back, whatever claim they had before they failed', async () => {
      const { orderId, items: written } = await buying(2);
      await bulk.claimItems(orderId, 2, 600);
      await bulk.markFailed([failure(written[0]!.id, orderId)]);
      await bulk.markLabelled([label(written[1]!.id, orderId)]);
      await bulk.markSucceeded([written[1]!.id]);
      await setStatus(orderId, 'completed_with_errors');
      await bulk.startRetryRound(orderId, ['completed_with_errors']);
      expect(await other.claimItems(orderId, 5, 60)).toMatchObject([{ id: written[0]!.id, round: 2 }]);
    });
  });

  describe('results and counts', () => {
    it.each(['markBought', 'markLabelled'] as const)(
      '%s settles the journal attempt that bought each label in the statement storing it, even where a twin stored the item first, and no other attempt',
      async (store) => {
        const journal = new PurchaseJournalRepository(db.orm);
        const { orderId, items: written } = await buying(3);
        const [a, b, c] = written.map((i) => i.id) as [string, string, string];
        const attempts = await Promise.all([a, b, c].map((id) => journal.begin(`bulk:${id}`, 'sandbox', null)));
        const purchase = (n: number) => ({ idempotencyKey: attempts[n]!.idempotencyKey, attemptId: attempts[n]!.attemptId });
        await bulk.markBought([label(b, orderId)]);
        // b: stored by a twin already; c: an attempt of another worker (another attempt id) is not this label's.
        await bulk[store]([
          { ...label(a, orderId), purchase: purchase(0) },
          { ...label(b, orderId), purchase: purchase(1) },
          { ...label(c, orderId), purchase: { idempotencyKey: `bulk:${c}`, attemptId: randomUUID() } },
        ]);
        const states = await db.sql<{ idempotency_key: string; state: string }>(
          `select "idempotency_key", "state" from "orders"."carrier_purchases" where "idempotency_key" in (?, ?, ?)`,
          [`bulk:${a}`, `bulk:${b}`, `bulk:${c}`],
        );
        expect(Object.fromEntries(states.map((r) => [r.idempotency_key, r.state]))).toEqual({ [`bulk:${a}`]: 'bought', [`bulk:${b}`]: 'bought', [`bulk:${c}`]: 'sent' });
        expect((await itemStates(orderId)).map((s) => s.status)).toEqual([store === 'markBought' ? 'succeeded' : 'labelled', 'succeeded', store === 'markBought' ? 'succeeded' : 'labelled']);
      },
    );

    it('stores bought labels with their items in one statement, and a slower twin’s replay changes nothing', async () => {
      const { orderId, items: written } = await buying(3);
      const [a, b] = [written[0]!.id, written[1]!.id];
      await bulk.markLabelled([]);
      await bulk.markLabelled([label(a, orderId), label(b, orderId)]);
      await bulk.markLabelled([{ ...label(a, orderId), label: bought('TWIN', Buffer.from('twin')) }]);
      const rows = await db.sql<{ id: string; status: string; tracking_number: string | null; label_pdf: Buffer | null; claimed_until: Date | null }>(
        `select "id", "status", "tracking_number", "label_pdf", "claimed_until" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`,
        [orderId],
      );
      expect(rows.map((r) => [r.status, r.tracking_number, r.label_pdf?.toString() ?? null])).toEqual([
        ['labelled', `TRK-${a}`, `pdf ${a}`],
        ['labelled', `TRK-${b}`, `pdf ${b}`],
        ['pending', null, null],
      ]);
      const sold = await db.sql<{ carrier: string | null; carrier_refs: unknown; cost_cents: number | null; label_format: string | null }>(
        `select "carrier", "carrier_refs", "cost_cents", "label_format" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`,
        [orderId],
      );
      expect(sold).toEqual([
        { carrier: 'easypost', carrier_refs: { shipmentId: `shp_TRK-${a}` }, cost_cents: 812, label_format: 'PDF' },
        { carrier: 'easypost', carrier_refs: { shipmentId: `shp_TRK-${b}` }, cost_cents: 812, label_format: 'PDF' },
        { carrier: null, carrier_refs: null, cost_cents: null, label_format: null },
      ]);
      expect(await bulk.hasSampleLabels(orderId)).toBe(false);
    });

    it('keeps a label of a few kB in its item’s row: not compressed in vain, not moved to the TOAST table', async () => {
      const toastBytes = async () => {
        const [row] = await db.sql<{ n: string }>(`select pg_relation_size(c."reltoastrelid") as "n" from pg_class c where c."oid" = 'orders.bulk_items'::regclass`);
        return Number(row?.n);
      };
      const { orderId, items: written } = await buying(1);
      const before = await toastBytes();
      // Random bytes, like a label's deflated drawing: nothing to compress.
      const pdf = randomBytes(3_000);
      await bulk.markBought([{ ...label(written[0]!.id, orderId), label: bought('INLINE', pdf) }]);
      expect(await toastBytes()).toBe(before);
      const [stored] = await db.sql<{ label_pdf: Buffer; size: number }>(`select "label_pdf", pg_column_size("label_pdf") as "size" from "orders"."bulk_items" where "id" = ?`, [written[0]!.id]);
      expect(Buffer.compare(stored!.label_pdf, pdf)).toBe(0);
      // Stored inline as it came: its bytes and a 4-byte header.
      expect(Number(stored!.size)).toBe(3_004);
    });

    it('stores labels already charged as succeeded in one statement, each counted once with its price, and a slower twin’s replay changes nothing', async () => {
      const { orderId, items: written } = await buying(4);
      const [a, b] = [written[0]!.id, written[1]!.id];
      expect(await bulk.markBought([])).toEqual([]);
      const [batch] = await bulk.markBought([label(a, orderId), label(b, orderId)]);
      expect(counts(batch)).toEqual({ processed: 2, failed: 0, charged: 100 + 101, status: 'processing' });
      const replays = await Promise.all([bulk.markBought([{ ...label(a, orderId), label: bought('TWIN', Buffer.from('twin')) }]), other.markBought([label(b, orderId)])]);
      expect(replays).toEqual([[], []]);
      expect(counts(await bulk.find(orderId))).toEqual({ processed: 2, failed: 0, charged: 201, status: 'processing' });
      const rows = await db.sql<{ status: string; tracking_number: string | null; label_pdf: Buffer | null; claimed_until: Date | null; carrier: string | null }>(
        `select "status", "tracking_number", "label_pdf", "claimed_until", "carrier" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`,
        [orderId],
      );
      expect(rows.map((r) => [r.status, r.tracking_number, r.label_pdf?.toString() ?? null, r.claimed_until, r.carrier])).toEqual([
        ['succeeded', `TRK-${a}`, `pdf ${a}`, null, 'easypost'],
        ['succeeded', `TRK-${b}`, `pdf ${b}`, null, 'easypost'],
        ['pending', null, null, null, null],
        ['pending', null, null, null, null],
      ]);
      // A label stored already charged is never offered for a charge again.
      expect((await bulk.labelledToCapture(10_000)).filter((r) => r.bulk_order_id === orderId)).toEqual([]);
    });

    it('counts each failure once, in the batch’s count, however often the same failures are written and from whichever replica', async () => {
      const { orderId, items: written } = await buying(5);
      const failures = written.slice(0, 3).map((i) => failure(i.id, orderId));
      expect(await bulk.markFailed([])).toEqual([]);
      const [first] = await bulk.markFailed(failures);
      expect(counts(first)).toMatchObject({ failed: 3 });
      await Promise.all([bulk.markFailed(failures), other.markFailed(failures)]);
      expect(await other.markFailed(failures)).toEqual([]);
      await bulk.markLabelled([label(written[3]!.id, orderId)]);
      expect(await bulk.markFailed([failure(written[3]!.id, orderId)])).toEqual([]);
      expect(counts(await bulk.find(orderId))).toMatchObject({ failed: 3, processed: 0 });
    });

    it('answers each batch a group of failures touched with its own new count', async () => {
      const [x, y] = [await buying(2), await buying(3)];
      const answered = await bulk.markFailed([...x.items.map((i) => failure(i.id, x.orderId)), ...y.items.map((i) => failure(i.id, y.orderId))]);
      expect(answered.map((r) => [r.id, r.failed_count]).sort()).toEqual([[x.orderId, 2], [y.orderId, 3]].sort());
    });

    it('counts each charged label once and adds exactly its price to the batch’s cost, replays and concurrent twins included', async () => {
      const { orderId, items: written } = await buying(4);
      const labelled = written.slice(0, 3);
      await bulk.markLabelled(labelled.map((i) => label(i.id, orderId)));
      expect(await bulk.markSucceeded([])).toEqual([]);
      await Promise.all([bulk.markSucceeded(labelled.map((i) => i.id)), other.markSucceeded(labelled.map((i) => i.id))]);
      expect(await bulk.markSucceeded([...labelled.map((i) => i.id), written[3]!.id])).toEqual([]);
      expect(counts(await bulk.find(orderId))).toEqual({ processed: 3, failed: 0, charged: 100 + 101 + 102, status: 'processing' });
      expect((await itemStates(orderId)).map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'pending']);
    });

    it('recounts a batch from its items exactly, whatever its running counts said', async () => {
      const { orderId, items: written } = await buying(5);
      await bulk.markLabelled(written.slice(0, 2).map((i) => label(i.id, orderId)));
      await bulk.markSucceeded(written.slice(0, 2).map((i) => i.id));
      await bulk.markFailed([failure(written[2]!.id, orderId)]);
      await db.sql(`update "orders"."bulk_orders" set "processed_count" = 40, "failed_count" = 0, "charged_cents" = 7 where "id" = ?`, [orderId]);
      expect(counts(await bulk.refreshCounts(orderId))).toEqual({ processed: 2, failed: 1, charged: 201, status: 'processing' });
      expect(await bulk.refreshCounts(randomUUID())).toBeNull();
    });

    it('counts a user’s bought bulk labels across batches, and no one else’s or an unbought one', async () => {
      const userId = randomUUID();
      const [x, y] = [await buying(3, { userId }), await buying(2, { userId })];
      const stranger = await buying(1);
      for (const [batch, n] of [[x, 2], [y, 1], [stranger, 1]] as const) {
        await bulk.markLabelled(batch.items.slice(0, n).map((i) => label(i.id, batch.orderId)));
        await bulk.markSucceeded(batch.items.slice(0, n).map((i) => i.id));
      }
      await bulk.markLabelled([label(x.items[2]!.id, x.orderId)]);
      expect(await bulk.countLabels(userId)).toBe(3);
      expect(await bulk.countLabels(randomUUID())).toBe(0);
    });

    it('lists labels left to charge of batches being bought, by batch and row, with the hold to charge them from', async () => {
      const [x, y] = [await buying(3), await buying(2)];
      await bulk.markLabelled([label(x.items[2]!.id, x.orderId), label(x.items[0]!.id, x.orderId), label(y.items[1]!.id, y.orderId)]);
      const stopped = await buying(1);
      await bulk.markLabelled([label(stopped.items[0]!.id, stopped.orderId)]);
      await setStatus(stopped.orderId, 'processing_error');
      const mine = new Set([x.orderId, y.orderId, stopped.orderId]);
      const listed = (await bulk.labelledToCapture(10_000)).filter((r) => mine.has(r.bulk_order_id));
      const expected = [
        ...[x.items[0]!, x.items[2]!].map((i) => ({ id: i.id, bulk_order_id: x.orderId, user_id: x.userId, price_cents: i.priceCents, row_no: i.rowNo, hold_id: `bulk:${x.orderId}:1` })),
        { id: y.items[1]!.id, bulk_order_id: y.orderId, user_id: y.userId, price_cents: 101, row_no: 1, hold_id: `bulk:${y.orderId}:1` },
      ].sort((a, b) => (a.bulk_order_id === b.bulk_order_id ? a.row_no - b.row_no : a.bulk_order_id < b.bulk_order_id ? -1 : 1));
      expect(listed).toEqual(expected);
      await bulk.markSucceeded(listed.map((r) => r.id));
      expect((await bulk.labelledToCapture(10_000)).filter((r) => mine.has(r.bulk_order_id))).toEqual([]);
    });

    it('lists at most as many labels to charge as asked', async () => {
      const x = await buying(3);
      await bulk.markLabelled(x.items.map((i) => label(i.id, x.orderId)));
      expect(await bulk.labelledToCapture(2)).toHaveLength(2);
      await bulk.markSucceeded(x.items.map((i) => i.id));
    });

    it('shows a batch’s first failed rows in row order with the fields a view needs, at most FAILED_LABELS_SHOWN of them', async () => {
      const { orderId, items: written } = await buying(2);
      await bulk.markFailed([failure(written[1]!.id, orderId, 'error 1')]);
      // The rest of the failed rows written straight in: a thousand rows through the engine's path would only be slower.
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "error")
         select gen_random_uuid(), "bulk_order_id", "user_id", n, 'failed', "service_name", "service_uid", "price_cents", "data", 'error ' || n
         from "orders"."bulk_items", generate_series(2, ?) as n where "id" = ?`,
        [FAILED_LABELS_SHOWN + 1, written[1]!.id],
      );
      await bulk.refreshCounts(orderId);
      const shown = await bulk.failedItems(orderId);
      expect(shown).toHaveLength(FAILED_LABELS_SHOWN);
      expect(shown[0]).toEqual({ id: written[1]!.id, row_no: 1, error: 'error 1', order_id: 'order-1', order_item_id: 'item-1', sku_number: null, recipient: 'Recipient 1' });
      expect(shown.map((s) => s.row_no)).toEqual(Array.from({ length: FAILED_LABELS_SHOWN }, (_, i) => i + 1));
      expect((await bulk.find(orderId))?.failed_count).toBe(FAILED_LABELS_SHOWN + 1);
    }, 30_000);
  });

  describe('batches', () => {
    /** A batch of one user at a given moment, in the status given (draft rows are never listed). */
    const batchAt = async (userId: string, status: BulkStatus, createdAt: string) => {
      const id = await bulk.createDraft(userId);
      await db.sql(`update "orders"."bulk_orders" set "status" = ?, "created_at" = ? where "id" = ?`, [status, createdAt, id]);
      return id;
    };

    it('pages a user’s submitted batches newest first, each exactly once, ties broken by id, with the exact total', async () => {
      const userId = randomUUID();
      const same = '2030-01-02T00:00:00Z';
      const made = [
        await batchAt(userId, 'completed', '2030-01-01T00:00:00Z'),
        await batchAt(userId, 'processing', same),
        await batchAt(userId, 'failed', same),
        await batchAt(userId, 'completed_with_errors', same),
        await batchAt(userId, 'recovery_failed', same),
        await batchAt(userId, 'retrying_failed', same),
        await batchAt(userId, 'completed', '2030-01-03T00:00:00Z'),
      ];
      await batchAt(userId, 'draft', '2030-01-04T00:00:00Z');
      await batchAt(randomUUID(), 'completed', '2030-01-04T00:00:00Z');
      const [oldest, newest] = [made[0]!, made[6]!];
      const expected = [newest, ...made.slice(1, 6).sort().reverse(), oldest];
      const pages = [await bulk.listForUser(userId, 1, 3), await bulk.listForUser(userId, 2, 3), await bulk.listForUser(userId, 3, 3), await bulk.listForUser(userId, 4, 3)];
      expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
      expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 1, 0]);
      expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
      expect(await bulk.listForUser(randomUUID(), 1, 3)).toEqual({ rows: [], total: 0 });
    });

    it('answers a user’s newest batch still at work, and none once all are done', async () => {
      const userId = randomUUID();
      await batchAt(userId, 'processing', '2030-02-01T00:00:00Z');
      const newer = await batchAt(userId, 'generating_files', '2030-02-02T00:00:00Z');
      await batchAt(userId, 'completed', '2030-02-03T00:00:00Z');
      expect((await bulk.activeForUser(userId))?.id).toBe(newer);
      const idle = randomUUID();
      await batchAt(idle, 'completed', '2030-02-01T00:00:00Z');
      await batchAt(idle, 'draft', '2030-02-01T00:00:00Z');
      await batchAt(idle, 'processing_error', '2030-02-01T00:00:00Z');
      expect(await bulk.activeForUser(idle)).toBeNull();
    });

    it('lists the batches being bought oldest first, and the ones with nothing left to buy or charge as finishable', async () => {
      const userId = randomUUID();
      const late = await buying(1, { userId });
      const early = await buying(2, { userId });
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1900-01-01' where "id" = ?`, [early.orderId]);
      await setStatus(late.orderId, 'retrying_failed');
      const done = await buying(1, { userId });
      await setStatus(done.orderId, 'completed');
      const buyingNow = await bulk.buyingBatches();
      expect(buyingNow.indexOf(early.orderId)).toBeLessThan(buyingNow.indexOf(late.orderId));
      expect(buyingNow[0]).toBe(early.orderId);
      expect(buyingNow).not.toContain(done.orderId);

      const mine = async () => (await bulk.finishable()).filter((id) => [late.orderId, early.orderId, done.orderId].includes(id));
      expect(await mine()).toEqual([]);
      await bulk.markFailed([failure(early.items[0]!.id, early.orderId)]);
      await bulk.markLabelled([label(early.items[1]!.id, early.orderId)]);
      expect(await mine()).toEqual([]);
      await bulk.markSucceeded([early.items[1]!.id]);
      expect(await mine()).toEqual([early.orderId]);
      await setStatus(early.orderId, 'completed_with_errors');
    });

    /** A batch whose every item is bought: ready for its files. */
    const finished = async () => {
      const batch = await buying(1);
      await bulk.markLabelled([label(batch.items[0]!.id, batch.orderId)]);
      await bulk.markSucceeded([batch.items[0]!.id]);
      return batch.orderId;
    };

    it('takes a finished batch into generating files with a lease, and no other replica takes it until the lease lapses', async () => {
      const open = await buying(1);
      expect(await bulk.claimForFiles(open.orderId, 60)).toBeNull();
      const id = await finished();
      const taken = await bulk.claimForFiles(id, 60);
      expect(taken).toMatchObject({ id, status: 'generating_files' });
      expect(taken?.lease_until).not.toBeNull();
      expect(taken?.stuck_at).not.toBeNull();
      expect(await other.claimForFiles(id, 60)).toBeNull();
      // The build started an hour ago, and its lease ran out a second ago.
      const [started] = await db.sql<{ stuck_at: string | Date }>(
        `update "orders"."bulk_orders" set "stuck_at" = now() - interval '1 hour', "lease_until" = now() - interval '1 second' where "id" = ? returning "stuck_at"`,
        [id],
      );
      const again = await other.claimForFiles(id, 60);
      expect(again).toMatchObject({ id, status: 'generating_files' });
      // The build has been going on since the first worker took it: the time it started is kept.
      expect(new Date(again!.stuck_at!).getTime()).toBe(new Date(started!.stuck_at).getTime());
      await bulk.finishFiles(id, 'completed', { pdfFileId: null, resultFileId: randomUUID(), confirmFileId: null, pdfName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
    });

    /** A claim for any batch looks at the whole table: the batches other tests left being bought are put out of the way. */
    const onlyThese = (ids: readonly string[]) =>
      db.sql(`update "orders"."bulk_orders" set "status" = 'completed' where "status" in ('processing', 'retrying_failed', 'generating_files') and "id" not in (${ids.map(() => '?').join(', ')})`, ids);

    it('gives each finished batch to exactly one of several replicas asking for any batch at once, oldest first', async () => {
      const [a, b] = [await finished(), await finished()];
      await onlyThese([a, b]);
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1980-01-01' where "id" = ?`, [a]);
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1980-01-02' where "id" = ?`, [b]);
      const first = await bulk.claimForFiles(null, 60);
      expect(first?.id).toBe(a);
      await db.sql(`update "orders"."bulk_orders" set "status" = 'processing', "lease_until" = null where "id" = ?`, [a]);
      const taken = await Promise.all([bulk, other, bulk, other].map((repo) => repo.claimForFiles(null, 60)));
      const got = taken.flatMap((t) => (t ? [t.id] : []));
      expect(got.sort()).toEqual([a, b].sort());
      expect(await bulk.claimForFiles(null, 60)).toBeNull();
      for (const id of [a, b]) await bulk.finishFiles(id, 'completed', { pdfFileId: null, resultFileId: randomUUID(), confirmFileId: null, pdfName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
    });

    it('passes over a batch another replica is taking in an open transaction, without waiting for it', async () => {
      const [a, b] = [await finished(), await finished()];
      await onlyThese([a, b]);
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1970-01-01' where "id" = ?`, [a]);
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1970-01-02' where "id" = ?`, [b]);
      const replica = await db.connect();
      try {
        await replica.query('begin');
        await replica.query(`select 1 from "orders"."bulk_orders" where "id" = $1 for update`, [a]);
        expect((await within(10_000, 'a claim for files beside one in progress', bulk.claimForFiles(null, 60)))?.id).toBe(b);
      } finally {
        await replica.query('rollback').catch(() => undefined);
        await replica.end();
      }
      expect((await other.claimForFiles(null, 60))?.id).toBe(a);
      for (const id of [a, b]) await bulk.finishFiles(id, 'completed', { pdfFileId: null, resultFileId: randomUUID(), confirmFileId: null, pdfName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
    });

    it('stores the built files’ names only on a batch generating files, and finds the batch by any of them', async () => {
      const id = await finished();
      const files = { pdfFileId: randomUUID(), resultFileId: randomUUID(), confirmFileId: randomUUID(), pdfName: `${id}.pdf`, resultCsvName: `${id}.csv`, autoConfirmCsvName: `${id}.tsv` };
      expect(await bulk.finishFiles(id, 'completed', files)).toBeNull();
      await bulk.claimForFiles(id, 60);
      expect(await bulk.finishFiles(id, 'completed', files)).toMatchObject({
        status: 'completed', pdf_name: `${id}.pdf`, result_csv_name: `${id}.csv`, auto_confirm_csv_name: `${id}.tsv`, lease_until: null, stuck_at: null, error: null,
      });
      expect(await bulk.finishFiles(id, 'failed', files)).toBeNull();
      for (const name of [`${id}.pdf`, `${id}.csv`, `${id}.tsv`]) expect((await bulk.findByFileName(name))?.id).toBe(id);
      expect(await bulk.findByFileName(`${randomUUID()}.pdf`)).toBeNull();
    });

    it('reopens a batch for new files only from the statuses named, and never under a live build', async () => {
      const id = await finished();
      await bulk.claimForFiles(id, 60);
      expect(await bulk.reopenForFiles(id, ['generating_files'])).toBe(false);
      await bulk.finishFiles(id, 'completed', { pdfFileId: null, resultFileId: randomUUID(), confirmFileId: null, pdfName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
      expect(await bulk.reopenForFiles(id, ['recovery_failed'])).toBe(false);
      expect(await bulk.reopenForFiles(id, ['completed', 'recovery_failed'])).toBe(true);
      expect(await bulk.find(id)).toMatchObject({ status: 'generating_files', lease_until: null });
      // Reopened with no lease: a worker takes it, and the next Regenerate must wait for that build.
      expect(await bulk.claimForFiles(id, 60)).toMatchObject({ id });
      expect(await bulk.reopenForFiles(id, ['generating_files'])).toBe(false);
      await lapseFilesLease(id);
      expect(await bulk.reopenForFiles(id, ['generating_files'])).toBe(true);
    });

    it('marks an error only from the statuses named, keeping when the trouble started', async () => {
      const { orderId } = await buying(1);
      expect(await bulk.markError(orderId, ['generating_files'], 'recovery_failed', 'nope')).toBeNull();
      const first = await bulk.markError(orderId, ['processing'], 'processing_error', 'hold refused');
      expect(first).toMatchObject({ status: 'processing_error', error: 'hold refused', lease_until: null });
      // The trouble started an hour ago: a second mark that took "now" instead would show.
      const [started] = await db.sql<{ stuck_at: string | Date }>(`update "orders"."bulk_orders" set "stuck_at" = "stuck_at" - interval '1 hour' where "id" = ? returning "stuck_at"`, [orderId]);
      const second = await bulk.markError(orderId, ['processing_error'], 'processing_error', 'still refused');
      expect(second?.error).toBe('still refused');
      expect(new Date(second!.stuck_at!).getTime()).toBe(new Date(started!.stuck_at).getTime());
    });
  });

  describe('reading items for the files', () => {
    it('reads every item once in row order, page by page, across gaps in the row numbers, with the fields the files print and without the PDFs', async () => {
      const { orderId, items: written } = await buying(23, { rowNo: (n) => n * 3 + (n > 10 ? 100 : 0), sku: (n) => (n === 2 ? 'MUG-2' : null) });
      await bulk.markLabelled([label(written[4]!.id, orderId)]);
      await bulk.markFailed([failure(written[5]!.id, orderId)]);
      for (const pageSize of [1, 5, 23, 100]) {
        const read = [];
        for await (const row of bulk.itemsInOrder(orderId, pageSize)) read.push(row);
        expect(read.map((r) => r.row_no)).toEqual(written.map((i) => i.rowNo));
        expect(Object.keys(read[0]!).sort()).toEqual(['error', 'order_id', 'order_item_id', 'price_cents', 'quantity', 'recipient', 'row_no', 'service_name', 'sku_number', 'status', 'tracking_number']);
        expect(read[2]).toMatchObject({ order_id: 'order-2', order_item_id: 'item-2', sku_number: 'MUG-2', recipient: 'Recipient 2', quantity: 1, price_cents: 102 });
        expect(read[3]).toMatchObject({ sku_number: null });
        expect(read[4]).toMatchObject({ status: 'labelled', tracking_number: `TRK-${written[4]!.id}` });
        expect(read[5]).toMatchObject({ status: 'failed', error: 'carrier said no' });
      }
    });

    it('reads every item once in row order with the same fields, each bought one with its label file and the others without', async () => {
      const { orderId, items: written } = await buying(9, { rowNo: (n) => n * 2 });
      await bulk.markLabelled(written.filter((_, n) => n !== 3).map((i) => label(i.id, orderId)));
      await bulk.markSucceeded(written.filter((_, n) => n !== 3 && n !== 6).map((i) => i.id));
      await bulk.markFailed([failure(written[3]!.id, orderId)]);
      const plain = [];
      for await (const row of bulk.itemsInOrder(orderId)) plain.push(row);
      for (const pageSize of [1, 4, 9, 50]) {
        const read = [];
        for await (const row of bulk.itemsWithLabels(orderId, pageSize)) read.push(row);
        expect(read.map(({ label_pdf: _pdf, ...row }) => row)).toEqual(plain);
        expect(read.map((row) => row.label_pdf?.toString() ?? null)).toEqual(
          written.map((item, n) => (n === 3 || n === 6 ? null : `pdf ${item.id}`)),
        );
      }
    });

    it('keeps a label file byte for byte, every byte value included', async () => {
      const { orderId, items: written } = await buying(1);
      const file = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7 + (i >> 8)) % 256));
      await bulk.markLabelled([{ ...label(written[0]!.id, orderId), label: bought('BYTES', file) }]);
      await bulk.markSucceeded([written[0]!.id]);
      const read: Buffer[] = [];
      for await (const pdf of bulk.labelPdfsBySku(orderId, 10)) read.push(pdf);
      expect(read).toHaveLength(1);
      expect(read[0]?.equals(file)).toBe(true);
    });

    it('reads the bought labels’ PDFs once each, in row order with their items or by SKU (no SKU first, then row), across pages', async () => {
      const skus = ['B', null, 'A', 'B', 'A', null, 'C', 'A', 'B', 'A', 'C', null];
      const { orderId, items: written } = await buying(skus.length, { sku: (n) => skus[n] ?? null });
      const bought = written.filter((_, n) => n !== 3);
      await bulk.markLabelled(written.map((i) => label(i.id, orderId)));
      await bulk.markSucceeded(bought.map((i) => i.id));
      const pdfs = async (bySku: boolean, pageSize: number) => {
        const read: string[] = [];
        if (bySku) for await (const pdf of bulk.labelPdfsBySku(orderId, pageSize)) read.push(pdf.toString());
        else for await (const item of bulk.itemsWithLabels(orderId, pageSize)) if (item.label_pdf) read.push(item.label_pdf.toString());
        return read;
      };
      const sorted = [...bought].sort((a, b) => ((a.sku ?? '') === (b.sku ?? '') ? a.rowNo - b.rowNo : (a.sku ?? '') < (b.sku ?? '') ? -1 : 1));
      expect(sorted.map((i) => i.sku)).toEqual([null, null, null, 'A', 'A', 'A', 'A', 'B', 'B', 'C', 'C']);
      for (const pageSize of [1, 2, 4, 11, 50]) {
        expect(await pdfs(false, pageSize)).toEqual(bought.map((i) => `pdf ${i.id}`));
        expect(await pdfs(true, pageSize)).toEqual(sorted.map((i) => `pdf ${i.id}`));
      }
    });
  });
});
