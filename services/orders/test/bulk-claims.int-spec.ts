import { randomBytes, randomUUID } from 'node:crypto';
import { FAILED_LABELS_SHOWN } from '../src/bulk/bulk-orders.repository';
import { PurchaseJournalRepository } from '../src/carriers/purchase/purchase-journal.repository';
import type { ClaimedItem } from '../src/bulk/bulk.rows';
import { bulkRow } from './support/addresses';
import type { BulkRepositories } from './support/bulk-repositories';
import { bought, bulk, buying, counts, db, failure, ids, itemStates, label, lapseItemClaims, other, setStatus, useBulkDatabase } from './support/bulk-batches';
import { within } from './support/orders-database';

describe('The bulk engine’s claims and results on PostgreSQL', () => {
  useBulkDatabase('orders_bulk_claims_it');

  describe('claims', () => {
    it('claims the oldest pending rows of one batch first, up to the limit, with everything a worker needs to buy them', async () => {
      const { orderId, userId, items: written } = await buying(5);
      const elsewhere = await buying(2);
      await bulk.claims.markFailed([failure(written[0]!.id, orderId)]);
      const claimed = await bulk.claims.claimItems(orderId, 3, 60);
      expect(ids(claimed)).toEqual(written.slice(1, 4).map((i) => i.id));
      expect(claimed.find((c) => c.row_no === 1)).toEqual({
        id: written[1]!.id, bulk_order_id: orderId, user_id: userId, row_no: 1, round: 1, service_uid: 'usps-ground', service_name: 'USPS Ground Advantage',
        price_cents: 101, data: bulkRow(1), pending_since: expect.stringMatching(/^\d{4}-\d\d-\d\d /), batch_label_format: '4x6', batch_mode: 'live', hold_id: `bulk:${orderId}:1`,
      });
      expect(ids(await bulk.claims.claimItems(elsewhere.orderId, 10, 60))).toEqual(elsewhere.items.map((i) => i.id));
    });

    it('claims only rows after the row number given, oldest first, and rows before it again from the start', async () => {
      const { orderId, items: written } = await buying(6);
      expect(ids(await bulk.claims.claimItems(orderId, 2, 60, 2))).toEqual([written[3]!.id, written[4]!.id]);
      expect(ids(await bulk.claims.claimItems(orderId, 10, 60, 4))).toEqual([written[5]!.id]);
      expect(await bulk.claims.claimItems(orderId, 10, 60, 5)).toEqual([]);
      expect(ids(await bulk.claims.claimItems(orderId, 10, 60))).toEqual(written.slice(0, 3).map((i) => i.id));
    });

    it("claims a zpl batch's rows with its label format, so the worker buys ZPL labels", async () => {
      const { orderId } = await buying(2, { labelFormat: 'zpl' });
      expect((await bulk.claims.claimItems(orderId, 10, 60)).map((c) => c.batch_label_format)).toEqual(['zpl', 'zpl']);
    });

    it('does not claim an item again while its claim runs, and claims it again once the lease has lapsed', async () => {
      const { orderId, items: written } = await buying(4);
      const first = await bulk.claims.claimItems(orderId, 2, 60);
      expect(ids(first)).toEqual([written[0]!.id, written[1]!.id]);
      expect(ids(await other.claims.claimItems(orderId, 10, 60))).toEqual([written[2]!.id, written[3]!.id]);
      expect(await other.claims.claimItems(orderId, 10, 60)).toEqual([]);
      await lapseItemClaims(ids(first));
      expect(ids(await other.claims.claimItems(orderId, 10, 60))).toEqual(ids(first));
      expect(await bulk.claims.claimItems(orderId, 10, 60)).toEqual([]);
    });

    it('hands given-back claims to the next claimer at once, without waiting for the lease', async () => {
      const { orderId, items: written } = await buying(3);
      const claimed = await bulk.claims.claimItems(orderId, 3, 600);
      expect(await other.claims.claimItems(orderId, 3, 600)).toEqual([]);
      await bulk.claims.releaseClaims([]);
      await bulk.claims.releaseClaims(ids(claimed).slice(1));
      expect(ids(await other.claims.claimItems(orderId, 3, 600))).toEqual([written[1]!.id, written[2]!.id]);
    });

    it('never claims a labelled, succeeded or failed item, even with its claim lapsed', async () => {
      const { orderId, items: written } = await buying(4);
      await bulk.claims.claimItems(orderId, 4, 60);
      await bulk.claims.markLabelled([label(written[0]!.id, orderId), label(written[1]!.id, orderId)]);
      await bulk.claims.markSucceeded([written[1]!.id]);
      await bulk.claims.markFailed([failure(written[2]!.id, orderId)]);
      await lapseItemClaims(written.map((item) => item.id));
      expect(ids(await bulk.claims.claimItems(orderId, 10, 60))).toEqual([written[3]!.id]);
    });

    it('gives every item of a batch to exactly one of six claimers on two replicas claiming at the same time', async () => {
      const { orderId, items: written } = await buying(300);
      const worker = async (repo: BulkRepositories) => {
        const mine: ClaimedItem[][] = [];
        for (;;) {
          const claimed = await repo.claims.claimItems(orderId, 7, 60);
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
        const claimed = await within(10_000, 'a claim beside a claim in progress', bulk.claims.claimItems(orderId, 5, 60));
        expect(ids(claimed)).toEqual(written.slice(5).map((i) => i.id));
        expect(await within(10_000, 'a claim with nothing left to skip to', other.claims.claimItems(orderId, 5, 60))).toEqual([]);
        await replica.query('rollback');
        // The other claim never committed: its rows are free, and are taken now.
        expect(ids(await other.claims.claimItems(orderId, 10, 60))).toEqual(written.slice(0, 5).map((i) => i.id));
      } finally {
        await replica.query('rollback').catch(() => undefined);
        await replica.end();
      }
    });

    it('claims the items a retry round put back, whatever claim they had before they failed', async () => {
      const { orderId, items: written } = await buying(2);
      await bulk.claims.claimItems(orderId, 2, 600);
      await bulk.claims.markFailed([failure(written[0]!.id, orderId)]);
      await bulk.claims.markLabelled([label(written[1]!.id, orderId)]);
      await bulk.claims.markSucceeded([written[1]!.id]);
      await setStatus(orderId, 'completed_with_errors');
      await bulk.rounds.startRetryRound(orderId, ['completed_with_errors']);
      expect(await other.claims.claimItems(orderId, 5, 60)).toMatchObject([{ id: written[0]!.id, round: 2 }]);
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
        await bulk.claims.markBought([label(b, orderId)]);
        // b: stored by a twin already; c: an attempt of another worker (another attempt id) is not this label's.
        await bulk.claims[store]([
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
      await bulk.claims.markLabelled([]);
      await bulk.claims.markLabelled([label(a, orderId), label(b, orderId)]);
      await bulk.claims.markLabelled([{ ...label(a, orderId), label: bought('TWIN', Buffer.from('twin')) }]);
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
      expect(await bulk.files.hasSampleLabels(orderId)).toBe(false);
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
      await bulk.claims.markBought([{ ...label(written[0]!.id, orderId), label: bought('INLINE', pdf) }]);
      expect(await toastBytes()).toBe(before);
      const [stored] = await db.sql<{ label_pdf: Buffer; size: number }>(`select "label_pdf", pg_column_size("label_pdf") as "size" from "orders"."bulk_items" where "id" = ?`, [written[0]!.id]);
      expect(Buffer.compare(stored!.label_pdf, pdf)).toBe(0);
      // Stored inline as it came: its bytes and a 4-byte header.
      expect(Number(stored!.size)).toBe(3_004);
    });

    it('stores labels already charged as succeeded in one statement, each counted once with its price, and a slower twin’s replay changes nothing', async () => {
      const { orderId, items: written } = await buying(4);
      const [a, b] = [written[0]!.id, written[1]!.id];
      expect(await bulk.claims.markBought([])).toEqual([]);
      const [batch] = await bulk.claims.markBought([label(a, orderId), label(b, orderId)]);
      expect(counts(batch)).toEqual({ processed: 2, failed: 0, charged: 100 + 101, status: 'processing' });
      const replays = await Promise.all([bulk.claims.markBought([{ ...label(a, orderId), label: bought('TWIN', Buffer.from('twin')) }]), other.claims.markBought([label(b, orderId)])]);
      expect(replays).toEqual([[], []]);
      expect(counts(await bulk.batches.find(orderId))).toEqual({ processed: 2, failed: 0, charged: 201, status: 'processing' });
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
      expect((await bulk.claims.labelledToCapture(10_000)).filter((r) => r.bulk_order_id === orderId)).toEqual([]);
    });

    it('counts each failure once, in the batch’s count, however often the same failures are written and from whichever replica', async () => {
      const { orderId, items: written } = await buying(5);
      const failures = written.slice(0, 3).map((i) => failure(i.id, orderId));
      expect(await bulk.claims.markFailed([])).toEqual([]);
      const [first] = await bulk.claims.markFailed(failures);
      expect(counts(first)).toMatchObject({ failed: 3 });
      await Promise.all([bulk.claims.markFailed(failures), other.claims.markFailed(failures)]);
      expect(await other.claims.markFailed(failures)).toEqual([]);
      await bulk.claims.markLabelled([label(written[3]!.id, orderId)]);
      expect(await bulk.claims.markFailed([failure(written[3]!.id, orderId)])).toEqual([]);
      expect(counts(await bulk.batches.find(orderId))).toMatchObject({ failed: 3, processed: 0 });
    });

    it('answers each batch a group of failures touched with its own new count', async () => {
      const [x, y] = [await buying(2), await buying(3)];
      const answered = await bulk.claims.markFailed([...x.items.map((i) => failure(i.id, x.orderId)), ...y.items.map((i) => failure(i.id, y.orderId))]);
      expect(answered.map((r) => [r.id, r.failed_count]).sort()).toEqual([[x.orderId, 2], [y.orderId, 3]].sort());
    });

    it('counts each charged label once and adds exactly its price to the batch’s cost, replays and concurrent twins included', async () => {
      const { orderId, items: written } = await buying(4);
      const labelled = written.slice(0, 3);
      await bulk.claims.markLabelled(labelled.map((i) => label(i.id, orderId)));
      expect(await bulk.claims.markSucceeded([])).toEqual([]);
      await Promise.all([bulk.claims.markSucceeded(labelled.map((i) => i.id)), other.claims.markSucceeded(labelled.map((i) => i.id))]);
      expect(await bulk.claims.markSucceeded([...labelled.map((i) => i.id), written[3]!.id])).toEqual([]);
      expect(counts(await bulk.batches.find(orderId))).toEqual({ processed: 3, failed: 0, charged: 100 + 101 + 102, status: 'processing' });
      expect((await itemStates(orderId)).map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'pending']);
    });

    it('recounts a batch from its items exactly, whatever its running counts said', async () => {
      const { orderId, items: written } = await buying(5);
      await bulk.claims.markLabelled(written.slice(0, 2).map((i) => label(i.id, orderId)));
      await bulk.claims.markSucceeded(written.slice(0, 2).map((i) => i.id));
      await bulk.claims.markFailed([failure(written[2]!.id, orderId)]);
      await db.sql(`update "orders"."bulk_orders" set "processed_count" = 40, "failed_count" = 0, "charged_cents" = 7 where "id" = ?`, [orderId]);
      expect(counts(await bulk.claims.refreshCounts(orderId))).toEqual({ processed: 2, failed: 1, charged: 201, status: 'processing' });
      expect(await bulk.claims.refreshCounts(randomUUID())).toBeNull();
    });

    it('counts a user’s bought bulk labels across batches, and no one else’s or an unbought one', async () => {
      const userId = randomUUID();
      const [x, y] = [await buying(3, { userId }), await buying(2, { userId })];
      const stranger = await buying(1);
      for (const [batch, n] of [[x, 2], [y, 1], [stranger, 1]] as const) {
        await bulk.claims.markLabelled(batch.items.slice(0, n).map((i) => label(i.id, batch.orderId)));
        await bulk.claims.markSucceeded(batch.items.slice(0, n).map((i) => i.id));
      }
      await bulk.claims.markLabelled([label(x.items[2]!.id, x.orderId)]);
      expect(await bulk.batches.countLabels(userId)).toBe(3);
      expect(await bulk.batches.countLabels(randomUUID())).toBe(0);
    });

    it('lists labels left to charge of batches being bought, by batch and row, with the hold to charge them from', async () => {
      const [x, y] = [await buying(3), await buying(2)];
      await bulk.claims.markLabelled([label(x.items[2]!.id, x.orderId), label(x.items[0]!.id, x.orderId), label(y.items[1]!.id, y.orderId)]);
      const stopped = await buying(1);
      await bulk.claims.markLabelled([label(stopped.items[0]!.id, stopped.orderId)]);
      await setStatus(stopped.orderId, 'processing_error');
      const mine = new Set([x.orderId, y.orderId, stopped.orderId]);
      const listed = (await bulk.claims.labelledToCapture(10_000)).filter((r) => mine.has(r.bulk_order_id));
      const expected = [
        ...[x.items[0]!, x.items[2]!].map((i) => ({ id: i.id, bulk_order_id: x.orderId, user_id: x.userId, price_cents: i.priceCents, row_no: i.rowNo, hold_id: `bulk:${x.orderId}:1` })),
        { id: y.items[1]!.id, bulk_order_id: y.orderId, user_id: y.userId, price_cents: 101, row_no: 1, hold_id: `bulk:${y.orderId}:1` },
      ].sort((a, b) => (a.bulk_order_id === b.bulk_order_id ? a.row_no - b.row_no : a.bulk_order_id < b.bulk_order_id ? -1 : 1));
      expect(listed).toEqual(expected);
      await bulk.claims.markSucceeded(listed.map((r) => r.id));
      expect((await bulk.claims.labelledToCapture(10_000)).filter((r) => mine.has(r.bulk_order_id))).toEqual([]);
    });

    it('lists at most as many labels to charge as asked', async () => {
      const x = await buying(3);
      await bulk.claims.markLabelled(x.items.map((i) => label(i.id, x.orderId)));
      expect(await bulk.claims.labelledToCapture(2)).toHaveLength(2);
      await bulk.claims.markSucceeded(x.items.map((i) => i.id));
    });

    it('shows a batch’s first failed rows in row order with the fields a view needs, at most FAILED_LABELS_SHOWN of them', async () => {
      const { orderId, items: written } = await buying(2);
      await bulk.claims.markFailed([failure(written[1]!.id, orderId, 'error 1')]);
      // The rest of the failed rows written straight in: a thousand rows through the engine's path would only be slower.
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "error")
         select gen_random_uuid(), "bulk_order_id", "user_id", n, 'failed', "service_name", "service_uid", "price_cents", "data", 'error ' || n
         from "orders"."bulk_items", generate_series(2, ?) as n where "id" = ?`,
        [FAILED_LABELS_SHOWN + 1, written[1]!.id],
      );
      await bulk.claims.refreshCounts(orderId);
      const shown = await bulk.batches.failedItems(orderId);
      expect(shown).toHaveLength(FAILED_LABELS_SHOWN);
      expect(shown[0]).toEqual({ id: written[1]!.id, row_no: 1, error: 'error 1', order_id: 'order-1', order_item_id: 'item-1', sku_number: null, recipient: 'Recipient 1' });
      expect(shown.map((s) => s.row_no)).toEqual(Array.from({ length: FAILED_LABELS_SHOWN }, (_, i) => i + 1));
      expect((await bulk.batches.find(orderId))?.failed_count).toBe(FAILED_LABELS_SHOWN + 1);
    }, 30_000);
  });
});
