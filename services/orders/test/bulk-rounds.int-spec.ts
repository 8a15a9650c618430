import { randomUUID } from 'node:crypto';
import { bulkRow } from './support/addresses';
import { bulk, buying, db, failure, ids, itemStates, items, label, setStatus, stagedOrderIds, useBulkDatabase } from './support/bulk-batches';

describe('A batch’s rounds on PostgreSQL', () => {
  useBulkDatabase('orders_bulk_rounds_it');

  describe('rounds', () => {
    it('turns a draft into a batch being bought once: items written (over several insert groups), staged rows dropped, the hold named', async () => {
      const userId = randomUUID();
      const orderId = await bulk.batches.createDraft(userId);
      const written = items(userId, 501);
      await bulk.staging.stage(orderId, userId, 0, written.map((_, n) => bulkRow(n)));
      const options = { labelFormat: 'letter_2up' as const, sortBySku: true };
      expect(await bulk.rounds.startFirstRound(orderId, written, options, `bulk:${orderId}:1`, 5000)).toBe(true);
      expect(await bulk.rounds.startFirstRound(orderId, items(userId, 3), options, `bulk:${orderId}:1`, 5000)).toBe(false);
      expect(await bulk.batches.find(orderId)).toMatchObject({
        status: 'processing', total_count: 501, round: 1, hold_id: `bulk:${orderId}:1`, label_format: 'letter_2up', sort_by_sku: true,
      });
      const row = await bulk.batches.find(orderId);
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
      const orderId = await bulk.batches.createDraft(userId);
      const written = items(userId, 3);
      await bulk.staging.stage(orderId, userId, 0, [bulkRow(0), bulkRow(1)]);
      await expect(bulk.rounds.startFirstRound(orderId, written, { labelFormat: '4x6', sortBySku: false }, `bulk:${orderId}:1`, 303)).rejects.toThrow('1 item(s) have no staged row');
      expect(await bulk.batches.find(orderId)).toMatchObject({ status: 'draft', total_count: 0, round: 0, hold_id: null });
      expect(await itemStates(orderId)).toEqual([]);
      expect(await stagedOrderIds(orderId)).toEqual(['order-0', 'order-1']);
    });

    it('undoes a first round whose hold was refused: a draft again, with no item a worker could buy', async () => {
      const { orderId } = await buying(3);
      await bulk.rounds.undoFirstRound(orderId);
      expect(await bulk.batches.find(orderId)).toMatchObject({ status: 'draft', total_count: 0, round: 0, hold_id: null });
      expect(await itemStates(orderId)).toEqual([]);
      expect(await bulk.claims.claimItems(orderId, 10, 60)).toEqual([]);
    });

    it('puts exactly the failed items back for a retry round, holding exactly their prices, and only from the statuses named', async () => {
      const { orderId, items: written } = await buying(4);
      const [a, b, c, d] = written.map((i) => i.id) as [string, string, string, string];
      await bulk.claims.markLabelled([label(a, orderId)]);
      await bulk.claims.markSucceeded([a]);
      await bulk.claims.markFailed([failure(b, orderId), failure(d, orderId)]);
      await bulk.claims.markLabelled([label(c, orderId)]);
      await bulk.claims.markSucceeded([c]);
      await setStatus(orderId, 'completed_with_errors');
      expect(await bulk.rounds.startRetryRound(orderId, ['failed'])).toBeNull();
      const retry = await bulk.rounds.startRetryRound(orderId, ['completed_with_errors', 'failed']);
      expect(retry).toEqual({ round: 2, holdId: `bulk:${orderId}:2`, holdCents: 101 + 103, count: 2 });
      expect(await bulk.batches.find(orderId)).toMatchObject({ status: 'retrying_failed', round: 2, hold_id: `bulk:${orderId}:2`, failed_count: 0, processed_count: 2 });
      expect((await itemStates(orderId)).map((s) => [s.status, s.round])).toEqual([['succeeded', 1], ['pending', 2], ['succeeded', 1], ['pending', 2]]);
      expect(ids(await bulk.claims.claimItems(orderId, 10, 60))).toEqual([b, d]);
    });

    it('answers no retry round for a batch with no failed item, and changes nothing', async () => {
      const { orderId, items: written } = await buying(1);
      await bulk.claims.markLabelled([label(written[0]!.id, orderId)]);
      await bulk.claims.markSucceeded([written[0]!.id]);
      await setStatus(orderId, 'completed');
      expect(await bulk.rounds.startRetryRound(orderId, ['completed'])).toBeNull();
      expect(await bulk.batches.find(orderId)).toMatchObject({ status: 'completed', round: 1 });
    });

    it('undoes a retry round whose hold was refused: the items failed again in their round, the batch as it was', async () => {
      const { orderId, items: written } = await buying(3);
      await bulk.claims.markFailed(written.slice(0, 2).map((i) => failure(i.id, orderId, `no ${i.rowNo}`)));
      await setStatus(orderId, 'completed_with_errors');
      const retry = await bulk.rounds.startRetryRound(orderId, ['completed_with_errors']);
      await bulk.rounds.undoRetryRound(orderId, retry!.round, 'completed_with_errors');
      expect(await bulk.batches.find(orderId)).toMatchObject({ status: 'completed_with_errors', round: 1, hold_id: null, failed_count: 2 });
      expect(Number((await bulk.batches.find(orderId))?.hold_cents)).toBe(0);
      expect((await itemStates(orderId)).map((s) => [s.status, s.round])).toEqual([['failed', 1], ['failed', 1], ['pending', 1]]);
      expect((await bulk.batches.failedItems(orderId)).map((f) => f.error)).toEqual(['no 0', 'no 1']);
    });
  });
});
