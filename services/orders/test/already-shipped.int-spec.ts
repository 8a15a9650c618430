import { DomainError, ErrorCode, PaymentsRpc, PricingRpc, type AnyRpcContract, type BulkOrderItem } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { shippedOrdersSql } from '../src/bulk/already-shipped.sql';
import type { BulkWorkSignal } from '../src/bulk/bulk-work.signal';
import type { BulkProgressPublisher } from '../src/bulk/bulk-progress.publisher';
import { bulkRepositories, type BulkRepositories } from './support/bulk-repositories';
import { SubmitBulkOrderUseCase } from '../src/bulk/usecases/submit-bulk-order.usecase';
import { BulkRowPricer } from '../src/bulk/pricing/bulk-row-pricer';
import type { BulkRates } from '../src/rates';
import { bulkRow } from './support/addresses';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

const SERVICE = 'USPS Ground Advantage';

/** Pricing and payments as the submit asks them: every row 500 cents, a balance that covers anything, holds placed. */
const rpc = {
  call: async (contract: AnyRpcContract, payload: { items?: Array<{ serviceName: string; weightLb: number }> }) => {
    if (contract.subject === PricingRpc.availableServices.subject) return { services: [{ name: SERVICE, maxWeight: 70 }] };
    if (contract.subject === PricingRpc.quote.subject) {
      return { items: (payload.items ?? []).map((item) => ({ serviceName: item.serviceName, serviceUid: 'usps-ground', priceCents: 500 })) };
    }
    if (contract.subject === PaymentsRpc.accountSummary.subject) return { balanceCents: 1_000_000_00 };
    if (contract.subject === PaymentsRpc.placeHold.subject) return {};
    throw new Error(`unexpected ${contract.subject}`);
  },
};

/** Issue 47 against the real PostgreSQL server: a file uploaded again is marked, and its orders are not bought twice. */
describe('a file uploaded twice (issue 47)', () => {
  let db: OrdersDatabase;
  let bulk: BulkRepositories;
  let submit: SubmitBulkOrderUseCase;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_shipped_it');
    bulk = bulkRepositories(db.orm);
    submit = new SubmitBulkOrderUseCase(
      bulk.batches,
      bulk.staging,
      bulk.rounds,
      rpc as unknown as RpcClient,
      { announce: () => undefined } as unknown as BulkWorkSignal,
      { publish: () => undefined } as unknown as BulkProgressPublisher,
      { BULK_MAX_ROWS: 10_000, CARRIERS: ['sandbox'] },
      // No row here is under a rate rule: the carriers are never asked.
      new BulkRowPricer(rpc as unknown as RpcClient, {} as BulkRates, bulk.staging),
    );
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  /** The file: row n is order `order-n`. */
  const file = (count: number): BulkOrderItem[] => Array.from({ length: count }, (_, n) => bulkRow(n));
  const options = { labelFormat: '4x6' as const, sortBySku: false };

  /** Uploads the rows as the gateway does (slices of 250) and answers the draft and the rows the slices marked. */
  const upload = async (userId: string, rows: readonly BulkOrderItem[]) => {
    const orderId = await bulk.batches.createDraft(userId);
    const marked = [];
    for (let firstRow = 0; firstRow < rows.length; firstRow += 250) {
      const answer = await submit.stage({ userId, orderId, firstRow, rows: rows.slice(firstRow, firstRow + 250) });
      marked.push(...(answer.alreadyShipped ?? []));
    }
    return { orderId, marked };
  };
  const submitUpload = (userId: string, orderId: string, rowCount: number) => submit.process({ userId, orderId, rowCount, options });

  /** The batch's items bought as the engine stores them: claimed, then labelled and charged in one statement. */
  const buyAll = async (orderId: string) => {
    const claimed = await bulk.claims.claimItems(orderId, 1_000, 60);
    await bulk.claims.markBought(
      claimed.map((item) => ({
        itemId: item.id,
        label: { carrier: 'easypost', trackingNumber: `9400${item.data.package.order_id?.replace(/\D/g, '').padStart(18, '0')}`, serviceUid: 'usps_ground', format: 'PDF', file: Buffer.from('pdf'), costCents: 400, carrierRefs: {} },
      })),
    );
    return claimed.length;
  };
  const itemsOf = (orderId: string) =>
    db.sql<{ row_no: number; order_id: string }>(`select "row_no", "data"->'package'->>'order_id' as "order_id" from "orders"."bulk_items" where "bulk_order_id" = ? order by "row_no"`, [orderId]);
  const labelsOf = async (userId: string) =>
    Number((await db.sql<{ n: string }>(`select count(*) as "n" from "orders"."bulk_items" where "user_id" = ?`, [userId]))[0]?.n);

  it('marks the rows of a file bought before with their label, leaves them out at submit, and buys a row again only when it says buy_another', async () => {
    const userId = randomUUID();
    const first = await upload(userId, file(3));
    expect(first.marked).toEqual([]);
    await expect(submitUpload(userId, first.orderId, 3)).resolves.toMatchObject({ totalCount: 3, alreadyShippedCount: 0 });
    expect(await buyAll(first.orderId)).toBe(3);

    // The same file again: every row is marked with the label it already has, and submitting it buys nothing.
    const again = await upload(userId, file(3));
    expect(again.marked.map((row) => [row.rowIndex, row.orderId, row.trackingNumber])).toEqual([
      [0, 'order-0', '9400000000000000000000'],
      [1, 'order-1', '9400000000000000000001'],
      [2, 'order-2', '9400000000000000000002'],
    ]);
    for (const row of again.marked) expect(Date.now() - Date.parse(row.shippedAt)).toBeLessThan(10 * 60_000);
    const refused = await submitUpload(userId, again.orderId, 3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: '3 orders already shipped were left out, so nothing was bought. Tick "Buy another label" on a row to ship it again.' });
    expect(await labelsOf(userId)).toBe(3);

    // The file with one new order and one row bought again on purpose: those two are bought, the other two left out.
    const rows = [...file(4)];
    rows[1] = { ...bulkRow(1), buy_another: true };
    const third = await upload(userId, rows);
    expect(third.marked.map((row) => row.rowIndex)).toEqual([0, 1, 2]);
    const answer = await submitUpload(userId, third.orderId, 4);
    expect(answer).toMatchObject({ totalCount: 2, costCents: 1000, alreadyShippedCount: 2 });
    expect(answer.message).toBe('Bulk order accepted: 2 label(s) are being bought. 2 orders already shipped were left out.');
    // Each item keeps its row of the file, so the result CSV and failed rows name the row the seller sees.
    expect(await itemsOf(third.orderId)).toEqual([{ row_no: 1, order_id: 'order-1' }, { row_no: 3, order_id: 'order-3' }]);
  });

  it('leaves out a row whose order was bought after the upload was marked (another tab), and counts it', async () => {
    const userId = randomUUID();
    const late = await upload(userId, file(2));
    expect(late.marked).toEqual([]);
    const meanwhile = await upload(userId, file(1));
    await submitUpload(userId, meanwhile.orderId, 1);
    await buyAll(meanwhile.orderId);

    await expect(submitUpload(userId, late.orderId, 2)).resolves.toMatchObject({ totalCount: 1, alreadyShippedCount: 1 });
    expect(await itemsOf(late.orderId)).toEqual([{ row_no: 1, order_id: 'order-1' }]);
  });

  it('does not mark an order whose label was voided or refunded, nor one bought by another user, nor one still being bought', async () => {
    const userId = randomUUID();
    const first = await upload(userId, file(4));
    await submitUpload(userId, first.orderId, 4);
    const claimed = await bulk.claims.claimItems(first.orderId, 1_000, 60);
    // Rows 0-2 bought; row 3 still pending (no label yet).
    await bulk.claims.markBought(
      claimed
        .filter((item) => item.row_no < 3)
        .map((item) => ({ itemId: item.id, label: { carrier: 'easypost', trackingNumber: `TRACK${item.row_no}XYZ`, serviceUid: 'usps_ground', format: 'PDF', file: Buffer.from('pdf'), costCents: 400, carrierRefs: {} } })),
    );
    const voidLabel = (rowNo: number, state: string) =>
      db.sql(
        `insert into "orders"."label_voids" ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "purchased_at", "amount_cents", "charge_key", "state", "requested_by")
         select gen_random_uuid(), 'bulk', i."id", i."bulk_order_id", i."user_id", i."carrier", i."tracking_number", i."label_bought_at", i."price_cents", 'bulk-item:' || i."id", ?, 'customer'
         from "orders"."bulk_items" i where i."bulk_order_id" = ? and i."row_no" = ?`,
        [state, first.orderId, rowNo],
      );
    await voidLabel(0, 'voided');
    await voidLabel(1, 'refunded');
    await voidLabel(2, 'refund_pending');

    expect((await bulk.staging.shippedOrders(userId, ['order-0', 'order-1', 'order-2', 'order-3'], 'live')).map((order) => order.orderId)).toEqual(['order-2']);
    expect(await bulk.staging.shippedOrders(randomUUID(), ['order-0', 'order-1', 'order-2', 'order-3'], 'live')).toEqual([]);
    // A live batch's label marks no order shipped for a test batch (decision 127), nor the other way round.
    expect(await bulk.staging.shippedOrders(userId, ['order-0', 'order-1', 'order-2', 'order-3'], 'test')).toEqual([]);
    await db.sql(`update "orders"."bulk_orders" set "mode" = 'test' where "id" = ?`, [first.orderId]);
    expect(await bulk.staging.shippedOrders(userId, ['order-2'], 'live')).toEqual([]);
    expect((await bulk.staging.shippedOrders(userId, ['order-2'], 'test')).map((order) => order.orderId)).toEqual(['order-2']);
  });

  it('looks up a slice of 2,000 order IDs through the index of bought labels, not by reading the user\'s labels', async () => {
    const userId = randomUUID();
    const orderId = await bulk.batches.createDraft(userId);
    await db.sql(`update "orders"."bulk_orders" set "status" = 'completed' where "id" = ?`, [orderId]);
    // 20,000 bought labels of this user and as many of another, then statistics, as a busy seller's table has them.
    await db.sql(
      `insert into "orders"."bulk_items" ("id", "bulk_order_id", "user_id", "row_no", "status", "service_name", "service_uid", "price_cents", "data", "tracking_number", "label_bought_at")
       select gen_random_uuid(), ?, u."user_id", n + u."offset", 'succeeded', 'x', 'x', 1, jsonb_build_object('package', jsonb_build_object('order_id', 'bulk-' || n)), 'T' || n, now()
       from generate_series(0, 19999) n cross join (values (?::uuid, 0), (gen_random_uuid(), 20000)) u("user_id", "offset")`,
      [orderId, userId],
    );
    await db.sql(`analyze "orders"."bulk_items"`);
    const ids = Array.from({ length: 2_000 }, (_, n) => `bulk-${n * 7}`);
    const statement = shippedOrdersSql((name) => `"orders"."${name}"`);
    const plan = (await db.sql<{ 'QUERY PLAN': string }>(`explain ${statement}`, [JSON.stringify(ids), userId, 'live'])).map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('bulk_items_user_order_id_idx');
    expect(plan).not.toMatch(/Seq Scan on bulk_items/);
    expect(await bulk.staging.shippedOrders(userId, ids, 'live')).toHaveLength(2_000);
  }, 60_000);
});
