import { randomUUID } from 'node:crypto';
import { AdminOrdersRepository } from '../src/admin/admin-orders.repository';
import { BatchLabelsRepository, NO_LABEL_COSTS } from '../src/admin/batch-labels.repository';
import { LabelMarginsRepository } from '../src/admin/label-margins.repository';
import { OrderRepository } from '../src/orders/order.repository';
import { bulkRow, parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Long before any span the dashboard sums: rows the list tests arrange never reach the margins. */
const LONG_AGO = new Date('2020-01-01T00:00:00Z');

interface SingleRow {
  userId: string;
  status: 'pending' | 'completed' | 'cancelled';
  priceCents: number;
  carrier?: string | null;
  costCents?: number | null;
  finishedAt?: Date;
  createdAt?: Date;
}

interface ItemRow {
  status: 'pending' | 'labelled' | 'succeeded' | 'failed';
  priceCents: number;
  carrier?: string | null;
  costCents?: number | null;
  finishedAt?: Date;
}

/** Carrier cost and margin as the admin area reads them, against the real PostgreSQL server. */
describe('admin carrier costs and margins on PostgreSQL', () => {
  let db: OrdersDatabase;
  let list: AdminOrdersRepository;
  let batchLabels: BatchLabelsRepository;
  let margins: LabelMarginsRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_admin_costs_it');
    batchLabels = new BatchLabelsRepository(db.orm);
    list = new AdminOrdersRepository(db.orm, batchLabels);
    margins = new LabelMarginsRepository(db.orm);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  const single = async (row: SingleRow): Promise<string> => {
    const id = randomUUID();
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "carrier", "cost_cents", "created_at", "updated_at", "tracking_number")
       values (?, ?, ?, 'hash', ?, 'USPS Priority Mail', 'usps', ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
      [id, row.userId, `key-${id}`, row.status, JSON.stringify(sender()), JSON.stringify(receiver()), JSON.stringify(parcel()), row.priceCents,
        row.carrier ?? null, row.costCents ?? null, row.createdAt ?? LONG_AGO, row.finishedAt ?? LONG_AGO, row.status === 'completed' ? `TRK${id.slice(0, 8)}` : null],
    );
    return id;
  };

  const batch = async (userId: string, items: readonly ItemRow[], options: { status?: string; createdAt?: Date } = {}): Promise<string> => {
    const id = randomUUID();
    const succeeded = items.filter((item) => item.status === 'succeeded');
    await db.sql(
      `insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count", "failed_count", "charged_cents", "created_at")
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, userId, options.status ?? 'completed', items.length, succeeded.length, items.filter((item) => item.status === 'failed').length,
        succeeded.reduce((sum, item) => sum + item.priceCents, 0), options.createdAt ?? LONG_AGO],
    );
    // Rows are stored from 0, as the service stores them; each recipient is named after the row people see (n + 1).
    for (const [n, item] of items.entries()) {
      await db.sql(
        `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data",
           "tracking_number", "carrier", "cost_cents", "updated_at")
         values (?, ?, ?, ?, ?, 'USPS Ground Advantage', 'usps_ground_advantage', ?, ?::jsonb, ?, ?, ?, ?)`,
        [randomUUID(), id, userId, n, item.status, item.priceCents, JSON.stringify(bulkRow(n + 1)), item.status === 'succeeded' ? `TRK${id.slice(0, 8)}${n}` : null,
          item.carrier ?? null, item.costCents ?? null, item.finishedAt ?? LONG_AGO],
      );
    }
    return id;
  };

  describe('the dashboard margins, today and over the last 30 UTC days', () => {
    let figures: Awaited<ReturnType<LabelMarginsRepository['margins']>>;

    beforeAll(async () => {
      const now = new Date();
      const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const spanStart = new Date(todayStart.getTime() - 29 * DAY_MS);
      const before = (at: Date) => new Date(at.getTime() - 1);
      const userId = randomUUID();
      // Single orders: finished today, just before today, on the span's first instant and just before it; and unfinished.
      await single({ userId, status: 'completed', priceCents: 1000, carrier: 'easypost', costCents: 800, finishedAt: now });
      await single({ userId, status: 'completed', priceCents: 500, finishedAt: now });
      await single({ userId, status: 'completed', priceCents: 900, carrier: 'usps', costCents: 950, finishedAt: before(todayStart) });
      await single({ userId, status: 'completed', priceCents: 300, carrier: 'usps', costCents: 100, finishedAt: spanStart });
      await single({ userId, status: 'completed', priceCents: 400, carrier: 'usps', costCents: 100, finishedAt: before(spanStart) });
      // A label voided with its money given back is neither revenue nor cost (as in the admin reports).
      const voided = await single({ userId, status: 'completed', priceCents: 650, carrier: 'usps', costCents: 600, finishedAt: now });
      await db.sql(
        `insert into "orders"."label_voids" ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "purchased_at", "amount_cents", "charge_key", "state", "requested_by")
         values (?, 'single', ?, ?, ?, 'usps', ?, ?, 650, ?, 'voided', 'customer')`,
        [randomUUID(), voided, voided, userId, `TRK${voided.slice(0, 8)}`, now, `order:${voided}`],
      );
      await single({ userId, status: 'pending', priceCents: 600, finishedAt: now });
      await single({ userId, status: 'cancelled', priceCents: 700, finishedAt: now });
      // Batch labels: only bought-and-charged (succeeded) ones count; a labelled one is not charged yet.
      await batch(userId, [
        { status: 'succeeded', priceCents: 200, carrier: 'easypost', costCents: 150, finishedAt: todayStart },
        { status: 'succeeded', priceCents: 250, finishedAt: new Date(todayStart.getTime() - DAY_MS) },
        { status: 'failed', priceCents: 300, finishedAt: now },
        { status: 'pending', priceCents: 350, finishedAt: now },
        { status: 'labelled', priceCents: 100, carrier: 'sandbox', costCents: 50, finishedAt: now },
        { status: 'succeeded', priceCents: 220, carrier: 'usps', costCents: 200, finishedAt: new Date(todayStart.getTime() - 30 * DAY_MS) },
      ]);
      figures = await margins.margins(30);
    });

    it("sums today's labels with a recorded cost from the start of the UTC day, leaves out a voided one, and counts those without a cost apart", () => {
      expect(figures.today).toEqual({ labels: 2, revenueCents: 1200, costCents: 950, marginCents: 250, withoutCost: { labels: 1, revenueCents: 500 } });
    });

    it('sums the last 30 days from the first instant of the UTC day 29 days ago, a loss-making label lowering the margin', () => {
      expect(figures.lastDays).toEqual({ labels: 4, revenueCents: 2400, costCents: 2000, marginCents: 400, withoutCost: { labels: 2, revenueCents: 750 } });
    });

    it('answers zeros, not nothing, for a span without labels', async () => {
      const empty = { labels: 0, revenueCents: 0, costCents: 0, marginCents: 0, withoutCost: { labels: 0, revenueCents: 0 } };
      await db.sql(`update "orders"."orders" set "updated_at" = ?`, [LONG_AGO]);
      await db.sql(`update "orders"."bulk_items" set "updated_at" = ?`, [LONG_AGO]);
      expect(await margins.margins(1)).toEqual({ today: empty, lastDays: empty });
    });
  });

  describe('Orders & Labels rows, the carrier filter and a batch\'s labels', () => {
    const userId = randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 12, minute));
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ids['easypostSingle'] = await single({ userId, status: 'completed', priceCents: 850, carrier: 'easypost', costCents: 795, createdAt: at(1) });
      ids['unrecordedSingle'] = await single({ userId, status: 'completed', priceCents: 700, createdAt: at(2) });
      ids['pendingSingle'] = await single({ userId, status: 'pending', priceCents: 600, createdAt: at(3) });
      ids['lossSingle'] = await single({ userId, status: 'completed', priceCents: 900, carrier: 'usps', costCents: 1000, createdAt: at(4) });
      ids['mixedBatch'] = await batch(userId, [
        { status: 'succeeded', priceCents: 200, carrier: 'usps', costCents: 150 },
        { status: 'failed', priceCents: 999 },
        { status: 'succeeded', priceCents: 300, carrier: 'easypost', costCents: 250 },
        { status: 'succeeded', priceCents: 100 },
      ], { createdAt: at(5) });
      ids['unboughtBatch'] = await batch(userId, [{ status: 'failed', priceCents: 400 }, { status: 'labelled', priceCents: 100, carrier: 'sandbox', costCents: 0 }], { status: 'processing', createdAt: at(6) });
      ids['sandboxBatch'] = await batch(userId, [{ status: 'succeeded', priceCents: 100, carrier: 'sandbox', costCents: 0 }], { createdAt: at(7) });
      ids['draft'] = await batch(userId, [], { status: 'draft', createdAt: at(8) });
    });

    const page = (filters: Record<string, string> = {}) => list.page({ userId, page: 1, limit: 20, ...filters });
    const named = (found: { items: Array<{ id: string }> }) => found.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));

    it('gives each single order the carrier, cost and margin of its label, null where the cost was not recorded or no label was bought', async () => {
      const rows = new Map((await page({ kind: 'single' })).items.map((row) => [row.id, row]));
      const costs = (name: string) => {
        const row = rows.get(ids[name] ?? '');
        return row && { carriers: row.carriers, costCents: row.costCents, marginCents: row.marginCents, labelsWithoutCost: row.labelsWithoutCost };
      };
      expect(costs('easypostSingle')).toEqual({ carriers: ['easypost'], costCents: 795, marginCents: 55, labelsWithoutCost: 0 });
      expect(costs('unrecordedSingle')).toEqual({ carriers: [], costCents: null, marginCents: null, labelsWithoutCost: 1 });
      expect(costs('pendingSingle')).toEqual(NO_LABEL_COSTS);
      expect(costs('lossSingle')).toEqual({ carriers: ['usps'], costCents: 1000, marginCents: -100, labelsWithoutCost: 0 });
    });

    it("sums a batch's cost and margin over its bought labels with a recorded cost, and counts the others apart", async () => {
      const rows = new Map((await page({ kind: 'batch' })).items.map((row) => [row.id, row]));
      // Charged 600 but the margin is 100, not 600 − 400: the label without a cost is left out, not taken as free.
      expect(rows.get(ids['mixedBatch'] ?? '')).toMatchObject({ chargedCents: 600, carriers: ['easypost', 'usps'], costCents: 400, marginCents: 100, labelsWithoutCost: 1 });
      expect(rows.get(ids['unboughtBatch'] ?? '')).toMatchObject(NO_LABEL_COSTS);
      expect(rows.get(ids['sandboxBatch'] ?? '')).toMatchObject({ carriers: ['sandbox'], costCents: 0, marginCents: 100, labelsWithoutCost: 0 });
    });

    it('finds by carrier the single orders it sold and the batches with a bought label it sold, alone or with the other filters', async () => {
      expect(named(await page({ carrier: 'easypost' }))).toEqual(['mixedBatch', 'easypostSingle']);
      expect(named(await page({ carrier: 'usps' }))).toEqual(['mixedBatch', 'lossSingle']);
      // The unbought batch's sandbox label is not charged yet: only the bought one counts.
      expect(named(await page({ carrier: 'sandbox' }))).toEqual(['sandboxBatch']);
      expect(named(await page({ carrier: 'easypost', kind: 'single' }))).toEqual(['easypostSingle']);
      expect(named(await page({ carrier: 'usps', status: 'completed', kind: 'batch' }))).toEqual(['mixedBatch']);
      expect(await page({ carrier: 'easypost', userId: randomUUID() })).toEqual({ items: [], total: 0 });
    });

    it('counts the carrier-filtered total past the last page', async () => {
      expect(await list.page({ userId, carrier: 'usps', page: 3, limit: 1 })).toEqual({ items: [], total: 2 });
    });

    it("pages a batch's bought labels in row order, each with its carrier, price, cost and margin, with the batch's costs", async () => {
      const first = await batchLabels.labels(ids['mixedBatch'] ?? '', { page: 1, limit: 2 });
      expect(first?.total).toBe(3);
      expect(first?.costs).toEqual({ carriers: ['easypost', 'usps'], costCents: 400, marginCents: 100, labelsWithoutCost: 1 });
      expect(first?.items.map(({ row, recipient, carrier, priceCents, costCents, marginCents }) => ({ row, recipient, carrier, priceCents, costCents, marginCents }))).toEqual([
        { row: 1, recipient: 'Recipient 1', carrier: 'usps', priceCents: 200, costCents: 150, marginCents: 50 },
        { row: 3, recipient: 'Recipient 3', carrier: 'easypost', priceCents: 300, costCents: 250, marginCents: 50 },
      ]);
      const second = await batchLabels.labels(ids['mixedBatch'] ?? '', { page: 2, limit: 2 });
      expect(second?.items).toEqual([expect.objectContaining({ row: 4, carrier: null, priceCents: 100, costCents: null, marginCents: null, trackingNumber: expect.any(String) })]);
      expect(second?.total).toBe(3);
    });

    it('answers a batch without bought labels with none and no cost, and no batch for a draft or an unknown id', async () => {
      expect(await batchLabels.labels(ids['unboughtBatch'] ?? '', { page: 1, limit: 25 })).toEqual({ items: [], total: 0, costs: NO_LABEL_COSTS });
      expect(await batchLabels.labels(ids['draft'] ?? '', { page: 1, limit: 25 })).toBeNull();
      expect(await batchLabels.labels(randomUUID(), { page: 1, limit: 25 })).toBeNull();
    });

    it("names a zpl batch's labels file zplName and a PDF batch's pdfName, as the customer's batch does", async () => {
      const ownerId = randomUUID();
      const files = async (labelFormat: string, pdfName: string): Promise<string> => {
        const id = randomUUID();
        await db.sql(
          `insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count", "failed_count", "charged_cents", "label_format", "pdf_name", "result_csv_name")
           values (?, ?, 'completed', 1, 1, 0, 100, ?, ?, ?)`,
          [id, ownerId, labelFormat, pdfName, `result-${id}.csv`],
        );
        return id;
      };
      const zpl = await files('zpl', 'labels-thermal.zpl');
      const pdf = await files('4x6', 'labels-4x6.pdf');
      const rows = new Map((await list.page({ userId: ownerId, page: 1, limit: 20 })).items.map((row) => [row.id, row]));
      expect(rows.get(zpl)).toMatchObject({ pdfName: null, zplName: 'labels-thermal.zpl' });
      expect(rows.get(pdf)).toMatchObject({ pdfName: 'labels-4x6.pdf', zplName: null });
      const singles = (await page({ kind: 'single' })).items;
      expect(singles.every((row) => row.zplName === null)).toBe(true);
    });

    it("reads a single order's carrier and cost back on the order itself, for the admin's order details", async () => {
      const orders = new OrderRepository(db.orm);
      expect(await orders.findById(ids['easypostSingle'] ?? '')).toMatchObject({ carrier: 'easypost', costCents: 795, priceCents: 850 });
      expect(await orders.findById(ids['unrecordedSingle'] ?? '')).toMatchObject({ carrier: null, costCents: null });
    });
  });
});
