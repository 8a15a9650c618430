import type { BoughtLabel } from '../../src/carriers/carrier.port';
import type { BulkStatus, LabelFormat } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import type { BulkOrderRow, ClaimedItem, NewBulkItem } from '../../src/bulk/bulk.rows';
import { bulkRow } from './addresses';
import { bulkRepositories, type BulkRepositories } from './bulk-repositories';
import { openOrdersDatabase, type OrdersDatabase } from './orders-database';

/**
 * The bulk repositories' int specs share one way to stand a batch up: a database with two replicas (decisions 010,
 * 020), each replica's repositories, and the helpers below. A spec file calls useBulkDatabase() in its describe.
 */
export let db: OrdersDatabase;
/** The first replica's repositories. */
export let bulk: BulkRepositories;
/** The second replica's. */
export let other: BulkRepositories;

export const useBulkDatabase = (prefix: string) => {
  beforeAll(async () => {
    db = await openOrdersDatabase(prefix);
    bulk = bulkRepositories(db.orm);
    other = bulkRepositories(db.replica);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });
};

export const items = (userId: string, count: number, sku: (n: number) => string | null = () => null, rowNo: (n: number) => number = (n) => n): NewBulkItem[] =>
  Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    userId,
    rowNo: rowNo(n),
    serviceName: 'USPS Ground Advantage',
    serviceUid: 'usps-ground',
    courier: 'usps',
    priceCents: 100 + n,
    sku: sku(n),
  }));

/** Stages each item's row (`bulkRow(n)` at the item's row number), as a submission does before its first round. */
export const stageRowsOf = async (orderId: string, userId: string, written: readonly NewBulkItem[], sku: (n: number) => string | null = () => null) => {
  const byRow = written.map((item, n) => ({ rowNo: item.rowNo, row: bulkRow(n, sku(n)) })).sort((a, b) => a.rowNo - b.rowNo);
  // Runs of consecutive row numbers go in one slice each, as the gateway sends them.
  let run: typeof byRow = [];
  const flush = async () => {
    if (run[0]) expect(await bulk.staging.stage(orderId, userId, run[0].rowNo, run.map((r) => r.row))).toBe(true);
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
export const stagedOrderIds = async (orderId: string) =>
  (await db.sql<{ order_id: string }>(`select "data"->'package'->>'order_id' as "order_id" from "orders"."bulk_staged_rows" where "bulk_order_id" = ? order by "row_no"`, [orderId])).map((r) => r.order_id);

/** A batch being bought (round 1) with `count` pending items; answers its id and items. */
export const buying = async (count: number, options: { userId?: string; sku?: (n: number) => string | null; rowNo?: (n: number) => number; labelFormat?: LabelFormat } = {}) => {
  const userId = options.userId ?? randomUUID();
  const orderId = await bulk.batches.createDraft(userId);
  const written = items(userId, count, options.sku, options.rowNo);
  await stageRowsOf(orderId, userId, written, options.sku);
  const cents = written.reduce((sum, i) => sum + i.priceCents, 0);
  expect(await bulk.rounds.startFirstRound(orderId, written, { labelFormat: options.labelFormat ?? '4x6', sortBySku: false }, `bulk:${orderId}:1`, cents)).toBe(true);
  return { orderId, userId, items: written };
};

export const bought = (trackingNumber: string, pdf: Buffer): BoughtLabel => ({
  carrier: 'easypost', trackingNumber, serviceUid: 'usps_priority', format: 'PDF', file: pdf, costCents: 812, carrierRefs: { shipmentId: `shp_${trackingNumber}` },
});
export const label = (itemId: string, orderId: string) => ({ ok: true as const, itemId, orderId, label: bought(`TRK-${itemId}`, Buffer.from(`pdf ${itemId}`)) });
export const failure = (itemId: string, orderId: string, error = 'carrier said no') => ({ ok: false as const, itemId, orderId, error });

export const itemStates = (orderId: string) =>
  db.sql<{ id: string; row_no: number; status: string; round: number; claimed: boolean }>(
    `select "id", "row_no", "status", "round", coalesce("claimed_until" > now(), false) as "claimed" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`,
    [orderId],
  );
export const setStatus = (orderId: string, status: BulkStatus) => db.sql(`update "orders"."bulk_orders" set "status" = ? where "id" = ?`, [status, orderId]);
// Time passing, moved by hand: a lease that ended a second ago (a short real lease would lapse early on a slow machine).
export const lapseItemClaims = (itemIds: readonly string[]) =>
  db.sql(`update "orders"."bulk_items" set "claimed_until" = now() - interval '1 second' where "id" in (${itemIds.map(() => '?').join(', ')})`, itemIds);
export const lapseFilesLease = (orderId: string) => db.sql(`update "orders"."bulk_orders" set "lease_until" = now() - interval '1 second' where "id" = ?`, [orderId]);
/** The items a claim took, in row order: UPDATE ... RETURNING answers them in no promised order. */
export const ids = (claimed: readonly ClaimedItem[]) => [...claimed].sort((a, b) => a.row_no - b.row_no).map((c) => c.id);
export const counts = (row: BulkOrderRow | null | undefined) =>
  row && { processed: row.processed_count, failed: row.failed_count, charged: Number(row.charged_cents), status: row.status };
