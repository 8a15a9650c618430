import { randomUUID } from 'node:crypto';
import { bulkRow } from './support/addresses';
import { bulk, db, setStatus, stagedOrderIds, useBulkDatabase } from './support/bulk-batches';

describe('A draft’s staged rows on PostgreSQL', () => {
  useBulkDatabase('orders_bulk_staging_it');

  describe('drafts and staged rows', () => {
    it('creates a draft of the user with nothing in it, and finds nothing for an unknown id', async () => {
      const userId = randomUUID();
      const id = await bulk.batches.createDraft(userId);
      expect(await bulk.batches.find(id)).toMatchObject({ id, user_id: userId, status: 'draft', total_count: 0, processed_count: 0, failed_count: 0, round: 0, hold_id: null });
      expect(await bulk.batches.find(randomUUID())).toBeNull();
    });

    it('stages rows only into the user’s own draft, and a slice sent again replaces the rows it covers', async () => {
      const userId = randomUUID();
      const id = await bulk.batches.createDraft(userId);
      expect(await bulk.staging.stage(id, randomUUID(), 0, [bulkRow(0)])).toBe(false);
      expect(await bulk.staging.stage(id, userId, 0, [bulkRow(0), bulkRow(1)])).toBe(true);
      expect(await bulk.staging.stage(id, userId, 2, [bulkRow(2), bulkRow(3)])).toBe(true);
      expect(await bulk.staging.stage(id, userId, 2, [bulkRow(22)])).toBe(true);
      expect(await stagedOrderIds(id)).toEqual(['order-0', 'order-1', 'order-22', 'order-3']);
      await setStatus(id, 'processing');
      expect(await bulk.staging.stage(id, userId, 4, [bulkRow(4)])).toBe(false);
      expect(await stagedOrderIds(id)).toHaveLength(4);
    });

    it('starts over when a submission stages its first rows again: rows of the earlier, longer one do not linger', async () => {
      const userId = randomUUID();
      const id = await bulk.batches.createDraft(userId);
      await bulk.staging.stage(id, userId, 0, [bulkRow(0), bulkRow(1)]);
      await bulk.staging.stage(id, userId, 2, [bulkRow(2), bulkRow(3)]);
      await bulk.staging.stage(id, userId, 0, [bulkRow(10)]);
      expect(await stagedOrderIds(id)).toEqual(['order-10']);
    });

    it("leaves a draft's rows alone when someone else's first slice names it, and a slice of the owner's makes the draft young again", async () => {
      const userId = randomUUID();
      const id = await bulk.batches.createDraft(userId);
      await bulk.staging.stage(id, userId, 0, [bulkRow(0), bulkRow(1), bulkRow(2)]);
      expect(await bulk.staging.stage(id, randomUUID(), 0, [bulkRow(9)])).toBe(false);
      expect(await stagedOrderIds(id)).toEqual(['order-0', 'order-1', 'order-2']);
      await db.sql(`update "orders"."bulk_orders" set "updated_at" = now() - interval '25 hours' where "id" = ?`, [id]);
      expect(await bulk.staging.stage(id, userId, 3, [bulkRow(3)])).toBe(true);
      expect(await bulk.staging.dropAbandonedUploads(24)).toBe(0);
      expect(await stagedOrderIds(id)).toEqual(['order-0', 'order-1', 'order-2', 'order-3']);
    });

    it("summarises a draft of 1,001 staged rows for pricing (service, weight, SKU), in row order, each once, across pages of 500", async () => {
      const userId = randomUUID();
      const id = await bulk.batches.createDraft(userId);
      const sku = (n: number) => (n % 2 === 0 ? `SKU-${n}` : null);
      for (let first = 0; first < 1001; first += 250) {
        const slice = Array.from({ length: Math.min(250, 1001 - first) }, (_, i) => bulkRow(first + i, sku(first + i)));
        expect(await bulk.staging.stage(id, userId, first, slice)).toBe(true);
      }
      const read = await bulk.staging.stagedSummaries(id, 500);
      expect(read.map((r) => r.rowNo)).toEqual(Array.from({ length: 1001 }, (_, n) => n));
      expect(read.map((r) => r.sku)).toEqual(Array.from({ length: 1001 }, (_, n) => sku(n)));
      const row = bulkRow(0);
      expect(read.every((r) => r.serviceName === row.service_name && r.weightLb === row.package.package_weight)).toBe(true);
    });

    it('summarises every staged row once even when the row numbers have a gap', async () => {
      const userId = randomUUID();
      const id = await bulk.batches.createDraft(userId);
      // Rows 0-9 and 600-1099: a caller may name any first row, and paging must follow the row numbers, not a count.
      await bulk.staging.stage(id, userId, 0, Array.from({ length: 10 }, (_, n) => bulkRow(n)));
      await bulk.staging.stage(id, userId, 600, Array.from({ length: 500 }, (_, n) => bulkRow(600 + n)));
      const read = (await bulk.staging.stagedSummaries(id, 500)).map((r) => r.rowNo);
      expect(read).toHaveLength(510);
      expect(new Set(read).size).toBe(510);
      expect(read.slice(8, 12)).toEqual([8, 9, 600, 601]);
    });

    it('drops a draft’s staged rows and no other draft’s', async () => {
      const userId = randomUUID();
      const [a, b] = [await bulk.batches.createDraft(userId), await bulk.batches.createDraft(userId)];
      await bulk.staging.stage(a, userId, 0, [bulkRow(0)]);
      await bulk.staging.stage(b, userId, 0, [bulkRow(1)]);
      await bulk.staging.dropStaged(a);
      expect(await stagedOrderIds(a)).toEqual([]);
      expect(await stagedOrderIds(b)).toHaveLength(1);
    });

    it('drops the uploaded rows of drafts untouched for the given hours, and no rows of a draft a slice has just touched', async () => {
      const userId = randomUUID();
      const [abandoned, resumed, fresh] = [await bulk.batches.createDraft(userId), await bulk.batches.createDraft(userId), await bulk.batches.createDraft(userId)];
      await bulk.staging.stage(abandoned, userId, 0, [bulkRow(0), bulkRow(1)]);
      await bulk.staging.stage(resumed, userId, 0, [bulkRow(2)]);
      await bulk.staging.stage(fresh, userId, 0, [bulkRow(3)]);
      await db.sql(`update "orders"."bulk_orders" set "updated_at" = now() - interval '25 hours' where "id" in (?, ?)`, [abandoned, resumed]);
      // The next slice of an upload touches its draft.
      await bulk.staging.stage(resumed, userId, 1, [bulkRow(4)]);

      expect(await bulk.staging.dropAbandonedUploads(24)).toBe(2);
      expect(await stagedOrderIds(abandoned)).toEqual([]);
      expect(await stagedOrderIds(resumed)).toHaveLength(2);
      expect(await stagedOrderIds(fresh)).toHaveLength(1);
      expect(await bulk.batches.find(abandoned)).toMatchObject({ status: 'draft' });
      expect(await bulk.staging.dropAbandonedUploads(24)).toBe(0);
    });
  });
});
