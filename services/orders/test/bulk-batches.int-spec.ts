import type { BulkStatus } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { bulk, buying, db, failure, label, lapseFilesLease, other, setStatus, useBulkDatabase } from './support/bulk-batches';
import { within } from './support/orders-database';
import { EVERY_OWNER } from '@labeldesk/nest-transport';

describe('Batches and their files’ lease on PostgreSQL', () => {
  useBulkDatabase('orders_bulk_batches_it');

  describe('batches', () => {
    /** A batch of one user at a given moment, in the status given (draft rows are never listed). */
    const batchAt = async (userId: string, status: BulkStatus, createdAt: string) => {
      const id = await bulk.batches.createDraft(userId);
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
      const pages = [await bulk.batches.listForUser(userId, 1, 3), await bulk.batches.listForUser(userId, 2, 3), await bulk.batches.listForUser(userId, 3, 3), await bulk.batches.listForUser(userId, 4, 3)];
      expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
      expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 1, 0]);
      expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
      expect(await bulk.batches.listForUser(randomUUID(), 1, 3)).toEqual({ rows: [], total: 0 });
    });

    it('keeps a test batch apart (decision 124): listed and active only in its mode, its draft id not taken by the other mode', async () => {
      const userId = randomUUID();
      const live = await batchAt(userId, 'processing', '2030-03-01T00:00:00Z');
      const test = await bulk.batches.createDraft(userId, randomUUID(), 'test');
      await db.sql(`update "orders"."bulk_orders" set "status" = 'processing', "created_at" = '2030-03-02T00:00:00Z' where "id" = ?`, [test]);
      expect([(await bulk.batches.find(live))?.mode, (await bulk.batches.find(test))?.mode]).toEqual(['live', 'test']);
      const listed = async (mode: 'live' | 'test') => (await bulk.batches.listForUser(userId, 1, 10, mode)).rows.map((row) => row.id);
      expect([await listed('live'), await listed('test'), (await bulk.batches.listForUser(userId, 1, 10)).total]).toEqual([[live], [test], 1]);
      expect([(await bulk.batches.activeForUser(userId))?.id, (await bulk.batches.activeForUser(userId, 'test'))?.id]).toEqual([live, test]);
      // The same id asked again in the other mode is not found, and stays a test batch.
      await expect(bulk.batches.createDraft(userId, test, 'live')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await bulk.batches.createDraft(userId, test, 'test')).toBe(test);
      expect((await bulk.batches.find(test))?.mode).toBe('test');
    });

    it('answers a user’s newest batch still at work, and none once all are done', async () => {
      const userId = randomUUID();
      await batchAt(userId, 'processing', '2030-02-01T00:00:00Z');
      const newer = await batchAt(userId, 'generating_files', '2030-02-02T00:00:00Z');
      await batchAt(userId, 'completed', '2030-02-03T00:00:00Z');
      expect((await bulk.batches.activeForUser(userId))?.id).toBe(newer);
      const idle = randomUUID();
      await batchAt(idle, 'completed', '2030-02-01T00:00:00Z');
      await batchAt(idle, 'draft', '2030-02-01T00:00:00Z');
      await batchAt(idle, 'processing_error', '2030-02-01T00:00:00Z');
      expect(await bulk.batches.activeForUser(idle)).toBeNull();
    });

    it('lists the batches being bought oldest first, and the ones with nothing left to buy or charge as finishable', async () => {
      const userId = randomUUID();
      const late = await buying(1, { userId });
      const early = await buying(2, { userId });
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1900-01-01' where "id" = ?`, [early.orderId]);
      await setStatus(late.orderId, 'retrying_failed');
      const done = await buying(1, { userId });
      await setStatus(done.orderId, 'completed');
      const buyingNow = await bulk.claims.buyingBatches();
      expect(buyingNow.indexOf(early.orderId)).toBeLessThan(buyingNow.indexOf(late.orderId));
      expect(buyingNow[0]).toBe(early.orderId);
      expect(buyingNow).not.toContain(done.orderId);

      const mine = async () => (await bulk.claims.finishable()).filter((id) => [late.orderId, early.orderId, done.orderId].includes(id));
      expect(await mine()).toEqual([]);
      await bulk.claims.markFailed([failure(early.items[0]!.id, early.orderId)]);
      await bulk.claims.markLabelled([label(early.items[1]!.id, early.orderId)]);
      expect(await mine()).toEqual([]);
      await bulk.claims.markSucceeded([early.items[1]!.id]);
      expect(await mine()).toEqual([early.orderId]);
      await setStatus(early.orderId, 'completed_with_errors');
    });

    /** A batch whose every item is bought: ready for its files. */
    const finished = async () => {
      const batch = await buying(1);
      await bulk.claims.markLabelled([label(batch.items[0]!.id, batch.orderId)]);
      await bulk.claims.markSucceeded([batch.items[0]!.id]);
      return batch.orderId;
    };

    it('takes a finished batch into generating files with a lease, and no other replica takes it until the lease lapses', async () => {
      const open = await buying(1);
      expect(await bulk.files.claimForFiles(open.orderId, 60)).toBeNull();
      const id = await finished();
      const taken = await bulk.files.claimForFiles(id, 60);
      expect(taken).toMatchObject({ id, status: 'generating_files' });
      expect(taken?.lease_until).not.toBeNull();
      expect(taken?.stuck_at).not.toBeNull();
      expect(await other.files.claimForFiles(id, 60)).toBeNull();
      // The build started an hour ago, and its lease ran out a second ago.
      const [started] = await db.sql<{ stuck_at: string | Date }>(
        `update "orders"."bulk_orders" set "stuck_at" = now() - interval '1 hour', "lease_until" = now() - interval '1 second' where "id" = ? returning "stuck_at"`,
        [id],
      );
      const again = await other.files.claimForFiles(id, 60);
      expect(again).toMatchObject({ id, status: 'generating_files' });
      // The build has been going on since the first worker took it: the time it started is kept.
      expect(new Date(again!.stuck_at!).getTime()).toBe(new Date(started!.stuck_at).getTime());
      await bulk.files.finishFiles(id, 'completed', { labelFileId: null, resultFileId: randomUUID(), confirmFileId: null, labelName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
    });

    /** A claim for any batch looks at the whole table: the batches other tests left being bought are put out of the way. */
    const onlyThese = (ids: readonly string[]) =>
      db.sql(`update "orders"."bulk_orders" set "status" = 'completed' where "status" in ('processing', 'retrying_failed', 'generating_files') and "id" not in (${ids.map(() => '?').join(', ')})`, ids);

    it('gives each finished batch to exactly one of several replicas asking for any batch at once, oldest first', async () => {
      const [a, b] = [await finished(), await finished()];
      await onlyThese([a, b]);
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1980-01-01' where "id" = ?`, [a]);
      await db.sql(`update "orders"."bulk_orders" set "created_at" = '1980-01-02' where "id" = ?`, [b]);
      const first = await bulk.files.claimForFiles(null, 60);
      expect(first?.id).toBe(a);
      await db.sql(`update "orders"."bulk_orders" set "status" = 'processing', "lease_until" = null where "id" = ?`, [a]);
      const taken = await Promise.all([bulk, other, bulk, other].map((repo) => repo.files.claimForFiles(null, 60)));
      const got = taken.flatMap((t) => (t ? [t.id] : []));
      expect(got.sort()).toEqual([a, b].sort());
      expect(await bulk.files.claimForFiles(null, 60)).toBeNull();
      for (const id of [a, b]) await bulk.files.finishFiles(id, 'completed', { labelFileId: null, resultFileId: randomUUID(), confirmFileId: null, labelName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
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
        expect((await within(10_000, 'a claim for files beside one in progress', bulk.files.claimForFiles(null, 60)))?.id).toBe(b);
      } finally {
        await replica.query('rollback').catch(() => undefined);
        await replica.end();
      }
      expect((await other.files.claimForFiles(null, 60))?.id).toBe(a);
      for (const id of [a, b]) await bulk.files.finishFiles(id, 'completed', { labelFileId: null, resultFileId: randomUUID(), confirmFileId: null, labelName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
    });

    it('stores the built files’ names only on a batch generating files, and finds the batch by any of them', async () => {
      const id = await finished();
      const files = { labelFileId: randomUUID(), resultFileId: randomUUID(), confirmFileId: randomUUID(), labelName: `${id}.pdf`, resultCsvName: `${id}.csv`, autoConfirmCsvName: `${id}.tsv` };
      expect(await bulk.files.finishFiles(id, 'completed', files)).toBeNull();
      await bulk.files.claimForFiles(id, 60);
      expect(await bulk.files.finishFiles(id, 'completed', files)).toMatchObject({
        status: 'completed', pdf_name: `${id}.pdf`, result_csv_name: `${id}.csv`, auto_confirm_csv_name: `${id}.tsv`, lease_until: null, stuck_at: null, error: null,
      });
      expect(await bulk.files.finishFiles(id, 'failed', files)).toBeNull();
      for (const name of [`${id}.pdf`, `${id}.csv`, `${id}.tsv`]) expect((await bulk.batches.findOwnedByFileName(name, EVERY_OWNER))?.id).toBe(id);
      expect(await bulk.batches.findOwnedByFileName(`${randomUUID()}.pdf`, EVERY_OWNER)).toBeNull();
    });

    it('reopens a batch for new files only from the statuses named, and never under a live build', async () => {
      const id = await finished();
      await bulk.files.claimForFiles(id, 60);
      expect(await bulk.files.reopenForFiles(id, ['generating_files'])).toBe(false);
      await bulk.files.finishFiles(id, 'completed', { labelFileId: null, resultFileId: randomUUID(), confirmFileId: null, labelName: null, resultCsvName: `${id}.csv`, autoConfirmCsvName: null });
      expect(await bulk.files.reopenForFiles(id, ['recovery_failed'])).toBe(false);
      expect(await bulk.files.reopenForFiles(id, ['completed', 'recovery_failed'])).toBe(true);
      expect(await bulk.batches.find(id)).toMatchObject({ status: 'generating_files', lease_until: null });
      // Reopened with no lease: a worker takes it, and the next Regenerate must wait for that build.
      expect(await bulk.files.claimForFiles(id, 60)).toMatchObject({ id });
      expect(await bulk.files.reopenForFiles(id, ['generating_files'])).toBe(false);
      await lapseFilesLease(id);
      expect(await bulk.files.reopenForFiles(id, ['generating_files'])).toBe(true);
    });

    it('marks an error only from the statuses named, keeping when the trouble started', async () => {
      const { orderId } = await buying(1);
      expect(await bulk.batches.markError(orderId, ['generating_files'], 'recovery_failed', 'nope')).toBeNull();
      const first = await bulk.batches.markError(orderId, ['processing'], 'processing_error', 'hold refused');
      expect(first).toMatchObject({ status: 'processing_error', error: 'hold refused', lease_until: null });
      // The trouble started an hour ago: a second mark that took "now" instead would show.
      const [started] = await db.sql<{ stuck_at: string | Date }>(`update "orders"."bulk_orders" set "stuck_at" = "stuck_at" - interval '1 hour' where "id" = ? returning "stuck_at"`, [orderId]);
      const second = await bulk.batches.markError(orderId, ['processing_error'], 'processing_error', 'still refused');
      expect(second?.error).toBe('still refused');
      expect(new Date(second!.stuck_at!).getTime()).toBe(new Date(started!.stuck_at).getTime());
    });
  });
});
