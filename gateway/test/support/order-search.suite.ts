import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, bulkRow, type Api } from './bulk-api';

type Body = Record<string, unknown>;
interface Seller {
  token: string;
  userId: string;
}

const day = (offsetDays: number): string => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The CSV's lines, each split at its commas (the rows these tests write have no comma inside a cell). */
const csvRows = (bytes: Buffer | null): string[][] =>
  (bytes ?? Buffer.alloc(0))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

/**
 * Issue 49 through the REST API: a seller finds their orders and batches by text, state, service, courier and days, a
 * page at a time with the total, and exports what they found as CSV; another seller's orders never show, an admin's
 * search sees everyone's or one customer's, and a bad filter is a 400 saying why.
 */
export const describeOrderSearch = (mode: string, running: () => RunningSystem): void => {
  describe(`orders and batches searched and exported (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);

    const buy = async (who: Seller, receiverName: string, sku = ''): Promise<{ id: string; tracking: string }> => {
      const order = { ...SINGLE_LABEL_ORDER, receiver: { ...SINGLE_LABEL_ORDER.receiver, receiver_name: receiverName }, package: { ...SINGLE_LABEL_ORDER.package, package_reference2: sku } };
      const bought = await call('POST', '/orders/v2', order, { token: who.token, 'Idempotency-Key': `search-${Date.now()}-${Math.random()}` });
      expect(bought.status).toBe(200);
      const data = bought.body['data'] as Body;
      return { id: String(data['orderId']), tracking: String(data['trackingNumber']) };
    };
    const search = async (who: { token: string }, query: string): Promise<{ ids: string[]; total: number; status: number; body: Body }> => {
      const answer = await call('GET', `/order-search?${query}`, undefined, { token: who.token });
      const orders = (answer.body['orders'] as Body[] | undefined) ?? [];
      return { ids: orders.map((order) => String(order['_id'])), total: Number(answer.body['total']), status: answer.status, body: answer.body };
    };

    it("finds a seller's own orders by id, tracking number, receiver and reference, state, service, courier and days, paged newest first, and exports them as CSV", async () => {
      const seller = await newBulkCustomer(call, adminToken, 10_000, 'search');
      const other = await newBulkCustomer(call, adminToken, 10_000, 'search-other');
      const ann = await buy(seller, 'Ann Lee', 'SKU-RED');
      const bob = await buy(seller, 'Bob Stone');
      const evil = await buy(seller, '=HYPERLINK(1)');
      const othersAnn = await buy(other, 'Ann Lee');
      expect((await call('POST', `/orders/${ann.id}/void`, undefined, { token: seller.token })).status).toBe(200);

      expect(await search(seller, 'q=aNN')).toMatchObject({ ids: [ann.id], total: 1 });
      expect((await search(seller, `q=${bob.tracking.toLowerCase()}`)).ids).toEqual([bob.id]);
      expect((await search(seller, `q=${evil.id.slice(0, 8).toUpperCase()}`)).ids).toEqual([evil.id]);
      expect((await search(seller, 'q=sku-red')).ids).toEqual([ann.id]);
      expect((await search(seller, 'state=voided')).ids).toEqual([ann.id]);
      expect((await search(seller, 'state=completed')).ids).toEqual([evil.id, bob.id]);
      expect((await search(seller, 'service=usps%20priority%20mail&carrier=usps')).total).toBe(3);
      expect((await search(seller, 'carrier=ups')).total).toBe(0);
      expect((await search(seller, `from=${day(-1)}&to=${day(1)}`)).total).toBe(3);
      expect((await search(seller, `from=${day(2)}`)).total).toBe(0);

      expect(await search(seller, 'limit=2')).toMatchObject({ ids: [evil.id, bob.id], total: 3 });
      expect(await search(seller, 'limit=2&page=2')).toMatchObject({ ids: [ann.id], total: 3 });
      expect(await search(seller, 'limit=2&page=9')).toMatchObject({ ids: [], total: 3 });

      // A customer never sees another's orders, even naming them; an admin sees everyone's, or one customer's.
      expect((await search(seller, `userId=${other.userId}`)).total).toBe(0);
      expect((await search({ token: adminToken }, 'q=ann%20lee')).ids).toEqual(expect.arrayContaining([ann.id, othersAnn.id]));
      expect((await search({ token: adminToken }, `q=ann%20lee&userId=${other.userId}`)).ids).toEqual([othersAnn.id]);

      const csv = await call('GET', '/order-search/csv?q=', undefined, { token: seller.token });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="Orders_\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = csvRows(csv.bytes);
      expect(header).toEqual(['Date (UTC)', 'Order ID', 'Receiver', 'City', 'State', 'ZIP', 'Service', 'Carrier', 'Tracking number', 'Reference 1', 'Reference 2', 'Price (USD)', 'Status', 'Label state']);
      expect(rows.map((row) => row[1])).toEqual([evil.id, bob.id, ann.id]);
      expect(rows[0]).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), evil.id, "'=HYPERLINK(1)", 'Seattle', 'WA', '98101', 'USPS Priority Mail', 'USPS', evil.tracking, '', '', expect.stringMatching(/^\d+\.\d{2}$/), 'completed', 'purchased']);
      expect(rows[2]!.slice(-2)).toEqual(['completed', 'voided']);
      expect(csvRows((await call('GET', '/order-search/csv?state=voided', undefined, { token: seller.token })).bytes)).toHaveLength(2);
    }, 120_000);

    it('refuses a bad filter or page size with a 400 saying why, and a caller without a session with a 401', async () => {
      const seller = await newBulkCustomer(call, adminToken, 0, 'search-bad');
      const refused = async (path: string, words: string) => {
        const answer = await call('GET', path, undefined, { token: seller.token });
        expect([path, answer.status]).toEqual([path, 400]);
        expect(JSON.stringify(answer.body)).toContain(words);
      };
      await refused('/order-search?limit=101', 'limit must be at most 100');
      await refused('/order-search?page=0', 'page starts at 1');
      await refused('/order-search?state=lost', 'State must be one of');
      await refused(`/order-search/csv?from=${day(1)}&to=${day(0)}`, 'The start date must not be after the end date');
      await refused('/batch-search?status=draft', 'Unknown batch status');
      expect((await call('GET', '/order-search')).status).toBe(401);
      expect((await call('GET', '/batch-search/csv')).status).toBe(401);
    }, 60_000);

    it('finds batches by id and file name, status and days, and exports them as CSV, a seller only their own', async () => {
      const seller = await newBulkCustomer(call, adminToken, 10_000, 'batch-search');
      const other = await newBulkCustomer(call, adminToken, 10_000, 'batch-search-other');
      const { orderId } = await submitBulk(call, seller, [bulkRow(1), bulkRow(2)]);
      const batch = await waitForBulk(call, seller.token, orderId);
      const { orderId: othersId } = await submitBulk(call, other, [bulkRow(3)]);
      await waitForBulk(call, other.token, othersId);
      const batches = async (who: { token: string }, query: string) => {
        const answer = await call('GET', `/batch-search?${query}`, undefined, { token: who.token });
        expect(answer.status).toBe(200);
        return { ids: (answer.body['bulkOrders'] as Body[]).map((b) => String(b['_id'])), total: Number(answer.body['totalCount']) };
      };

      expect(await batches(seller, '')).toEqual({ ids: [orderId], total: 1 });
      expect((await batches(seller, `q=${orderId.slice(0, 8)}`)).ids).toEqual([orderId]);
      expect((await batches(seller, `q=${String(batch.resultCSVName).slice(2, 12).toUpperCase()}`)).ids).toEqual([orderId]);
      expect((await batches(seller, `status=${batch.status}&from=${day(-1)}&to=${day(1)}`)).ids).toEqual([orderId]);
      expect((await batches(seller, 'status=failed')).total).toBe(0);
      expect((await batches(seller, `q=${othersId.slice(0, 8)}`)).total).toBe(0);
      expect((await batches({ token: adminToken }, `userId=${other.userId}`)).ids).toEqual([othersId]);

      const csv = await call('GET', `/batch-search/csv?q=${orderId.slice(0, 8)}`, undefined, { token: seller.token });
      expect(csv.status).toBe(200);
      const [header, row] = csvRows(csv.bytes);
      expect(header).toEqual(['Date (UTC)', 'Batch ID', 'Status', 'Rows', 'Labels bought', 'Failed', 'Charged (USD)', 'Labels file', 'Results file']);
      expect(row!.slice(1, 6)).toEqual([orderId, batch.status, '2', String(batch.processedCount), String(batch.failedCount)]);
    }, 180_000);
  });
};
