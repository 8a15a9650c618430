import { randomUUID } from 'node:crypto';
import { UNRECORDED_LABEL_CARRIER, type AdminReportFiguresAnswer } from '@labeldesk/contracts';
import { OrdersStatsRepository } from '../src/admin/orders-stats.repository';
import { AdminReportRepository } from '../src/reports/admin-report.repository';
import { bulkRow, parcel, receiver, sender } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

type VoidState = 'void_requested' | 'voided' | 'refund_pending' | 'refunded' | 'refund_rejected';
interface Label {
  userId: string;
  carrier: string | null;
  courier: string;
  priceCents: number;
  costCents: number | null;
  boughtAt: string;
  /** The row's last change, when after its purchase. */
  updatedAt?: string;
  voided?: VoidState;
  /** Bought in test mode (a test key's label or a test batch's row, issue 48): counts in no admin figure (decision 127). */
  mode?: 'test';
}

const figures = (labels: number, revenueCents: number, costCents: number, marginCents: number, withoutCost = [0, 0], givenBack = [0, 0]) => ({
  labels,
  revenueCents,
  costCents,
  marginCents,
  withoutCost: { labels: withoutCost[0], revenueCents: withoutCost[1] },
  givenBack: { labels: givenBack[0], cents: givenBack[1] },
});

/** The admin's report of every customer's live labels, summed by PostgreSQL from rows arranged here (test-mode ones left out). */
describe('admin reports on PostgreSQL', () => {
  let db: OrdersDatabase;
  let reports: AdminReportRepository;
  const [ann, bob, cid] = [randomUUID(), randomUUID(), randomUUID()];

  const voidOf = async (kind: 'single' | 'bulk', labelId: string, orderId: string, label: Label) => {
    if (!label.voided) return;
    await db.sql(
      `insert into "orders"."label_voids" ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "purchased_at", "amount_cents", "charge_key", "state", "requested_by")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'customer')`,
      [randomUUID(), kind, labelId, orderId, label.userId, label.carrier ?? 'sandbox', `TRK-${labelId}`, label.boughtAt, label.priceCents, `charge-${labelId}`, label.voided],
    );
  };

  const single = async (label: Label, status = 'completed'): Promise<void> => {
    const id = randomUUID();
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "carrier", "cost_cents", "tracking_number", "label_bought_at", "created_at", "updated_at", "mode")
       values (?, ?, ?, 'hash', ?, 'USPS Priority Mail', ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, label.userId, `key-${id}`, status, label.courier, JSON.stringify(sender()), JSON.stringify(receiver()), JSON.stringify(parcel()), label.priceCents,
        label.carrier, label.costCents, status === 'completed' ? `TRK-${id}` : null, label.boughtAt, label.boughtAt, label.updatedAt ?? label.boughtAt, label.mode ?? 'live'],
    );
    await voidOf('single', id, id, label);
  };

  const batchItem = async (label: Label, status = 'succeeded'): Promise<void> => {
    const [batchId, id] = [randomUUID(), randomUUID()];
    await db.sql(
      `insert into "orders"."bulk_orders" ("id", "user_id", "status", "total_count", "processed_count", "failed_count", "charged_cents", "created_at", "mode") values (?, ?, 'completed', 1, 1, 0, ?, ?, ?)`,
      [batchId, label.userId, label.priceCents, label.boughtAt, label.mode ?? 'live'],
    );
    await db.sql(
      `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data",
         "tracking_number", "carrier", "cost_cents", "label_bought_at", "updated_at")
       values (?, ?, ?, 0, ?, 'UPS Ground', 'ups_ground', ?, ?::jsonb, ?, ?, ?, ?, ?)`,
      [id, batchId, label.userId, status, label.priceCents, JSON.stringify({ ...bulkRow(1), courier: label.courier }), status === 'succeeded' ? `TRK-${id}` : null,
        label.carrier, label.costCents, label.boughtAt, label.updatedAt ?? label.boughtAt],
    );
    await voidOf('bulk', id, batchId, label);
  };

  let report: AdminReportFiguresAnswer;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_admin_reports_it');
    reports = new AdminReportRepository(db.orm);
    // 1 March (UTC): a label with a cost, one bought before costs were recorded, one sold under its cost at midnight.
    await single({ userId: ann, carrier: 'easypost', courier: 'ups', priceCents: 1000, costCents: 800, boughtAt: '2031-03-01T10:00:00Z' });
    await single({ userId: ann, carrier: null, courier: 'usps', priceCents: 500, costCents: null, boughtAt: '2031-03-01T23:59:59.999Z' });
    await single({ userId: bob, carrier: 'usps', courier: 'usps', priceCents: 900, costCents: 950, boughtAt: '2031-03-01T00:00:00Z' });
    // 2 March: a voided and a refunded label (money back), a pending refund (still revenue), one changed after the span.
    await batchItem({ userId: bob, carrier: 'easypost', courier: 'ups', priceCents: 700, costCents: 600, boughtAt: '2031-03-02T09:00:00Z', voided: 'voided' });
    await batchItem({ userId: bob, carrier: 'easypost', courier: 'ups', priceCents: 400, costCents: 300, boughtAt: '2031-03-02T09:30:00Z', voided: 'refund_pending' });
    await batchItem({ userId: cid, carrier: 'sandbox', courier: 'usps', priceCents: 300, costCents: 100, boughtAt: '2031-03-02T11:00:00Z', voided: 'refunded' });
    await single({ userId: ann, carrier: 'easypost', courier: 'ups', priceCents: 650, costCents: 500, boughtAt: '2031-03-02T12:00:00Z', updatedAt: '2031-03-10T08:00:00Z' });
    // Outside the span, or never bought: none of these counts.
    await single({ userId: cid, carrier: 'usps', courier: 'usps', priceCents: 10_000, costCents: 1, boughtAt: '2031-02-28T23:59:59.999Z', updatedAt: '2031-03-01T01:00:00Z' });
    await single({ userId: cid, carrier: 'usps', courier: 'usps', priceCents: 10_000, costCents: 1, boughtAt: '2031-03-04T00:00:00Z' });
    await single({ userId: cid, carrier: null, courier: 'usps', priceCents: 10_000, costCents: null, boughtAt: '2031-03-02T00:00:00Z' }, 'pending');
    await batchItem({ userId: cid, carrier: 'sandbox', courier: 'usps', priceCents: 10_000, costCents: 5, boughtAt: '2031-03-02T00:00:00Z' }, 'labelled');
    await batchItem({ userId: cid, carrier: null, courier: 'usps', priceCents: 10_000, costCents: null, boughtAt: '2031-03-02T00:00:00Z' }, 'failed');
    // Bought in test mode in the span (a test key's label, one voided, and a test batch's row): play money, in no figure.
    await single({ userId: ann, carrier: 'sandbox', courier: 'usps', priceCents: 10_000, costCents: 10, boughtAt: '2031-03-01T12:00:00Z', mode: 'test' });
    await single({ userId: bob, carrier: 'sandbox', courier: 'usps', priceCents: 10_000, costCents: 10, boughtAt: '2031-03-02T12:00:00Z', voided: 'voided', mode: 'test' });
    await batchItem({ userId: cid, carrier: 'sandbox', courier: 'usps', priceCents: 10_000, costCents: 10, boughtAt: '2031-03-02T13:00:00Z', mode: 'test' });
    report = await reports.report({ from: '2031-03-01', to: '2031-03-03', top: 10 });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  it('sums each UTC day of purchase to the cent, a day without labels as zeros, money given back apart', () => {
    expect(report.byDay).toEqual([
      { day: '2031-03-01', ...figures(3, 2400, 1750, 150, [1, 500]) },
      { day: '2031-03-02', ...figures(2, 1050, 800, 250, [0, 0], [2, 1000]) },
      { day: '2031-03-03', ...figures(0, 0, 0, 0) },
    ]);
  });

  it('takes the margin over the labels with a recorded cost only, and counts the others', () => {
    expect(report.totals).toEqual(figures(5, 3450, 2550, 400, [1, 500], [2, 1000]));
  });

  it('groups by label carrier and courier, most revenue first, a label of before carriers were recorded apart as unrecorded', () => {
    expect(report.byCarrier).toEqual([
      { carrier: 'easypost', courier: 'ups', ...figures(3, 2050, 1600, 450, [0, 0], [1, 700]) },
      { carrier: 'usps', courier: 'usps', ...figures(1, 900, 950, -50) },
      { carrier: UNRECORDED_LABEL_CARRIER, courier: 'usps', ...figures(1, 500, 0, 0, [1, 500]) },
      { carrier: 'sandbox', courier: 'usps', ...figures(0, 0, 0, 0, [0, 0], [1, 300]) },
    ]);
  });

  it('ranks customers by revenue and leaves out one whose every label was given back', () => {
    expect(report.topCustomers).toEqual([
      { userId: ann, ...figures(3, 2150, 1300, 350, [1, 500]) },
      { userId: bob, ...figures(2, 1300, 1250, 50, [0, 0], [1, 700]) },
    ]);
    return expect(reports.report({ from: '2031-03-01', to: '2031-03-03', top: 1 })).resolves.toMatchObject({ topCustomers: [{ userId: ann }] });
  });

  it("counts the dashboard's orders, labels and batches of live mode only", async () => {
    // Live: 7 single orders (6 with a label) and 5 batches (3 labels bought); the test ones (2 labels, a batch) are not counted.
    // Every row is dated 2031, after today: each counts today too.
    const stats = await new OrdersStatsRepository(db.orm).stats(30);
    expect([stats.orders, stats.labels, stats.batches]).toEqual([{ total: 12, today: 12 }, { total: 9, today: 9 }, { pending: 0, failed: 0 }]);
  });

  it('answers the span asked for with every day and no labels when none was bought in it', async () => {
    const empty = await reports.report({ from: '2030-12-31', to: '2031-01-01', top: 10 });
    expect(empty).toEqual({
      from: '2030-12-31',
      to: '2031-01-01',
      totals: figures(0, 0, 0, 0),
      byDay: [{ day: '2030-12-31', ...figures(0, 0, 0, 0) }, { day: '2031-01-01', ...figures(0, 0, 0, 0) }],
      byCarrier: [],
      topCustomers: [],
    });
  });
});
