import { FakeWooCommerceServer, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './bulk-api';
import { eventually } from './lifecycle-api';

type Body = Record<string, unknown>;

const SKUS = [
  { sku: 'MUG-1', maxQty: 10, weight: 0.9, packagingWeight: 0.3, length: 6, width: 6, height: 6 },
  { sku: 'TEE-1', maxQty: 10, weight: 0.4, packagingWeight: 0.1, length: 10, width: 8, height: 2 },
];
/** The same SKUs with their customs defaults (decision 100): the tee has an HS code, the mug none. */
const SKUS_ABROAD = [
  { ...SKUS[0], description: 'Ceramic mug', originCountry: 'CN', valueCents: 900 },
  { ...SKUS[1], description: 'Cotton T-shirt', hsTariffNumber: '6109.10', originCountry: 'PT', valueCents: 1250 },
];
const ABROAD_SERVICE = 'USPS Priority Mail International';
const BERLIN = { address_1: 'Unter den Linden 77', city: 'Berlin', state: '', postcode: '10117', country: 'DE' };

/**
 * Issue 47's inbox (decision 113) through the routes, with a WooCommerce store of its own: imported orders selected
 * and bought as one batch under the cheapest rule, each tracking written back to the store, and no order bought twice
 * by mistake: one whose number an uploaded batch already shipped is marked and left out (the answer counts it) unless
 * bought again on purpose, a second batch or a single buy of a bought order is refused, the same submission sent
 * again answers the same batch, and two batches at once for one order buy it once. Orders abroad are declared from
 * their SKUs' customs defaults, one whose SKU lacks what its country needs left out alone with why; an API key's
 * batch is weighed from the SKUs as a session's is (decision 121).
 */
export const describeStoreInbox = (mode: string, running: () => RunningSystem): void => {
  describe(`the inbox buys imported orders as a batch (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';
    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    }, 60_000);

    /** Runs `test` with a WooCommerce store of its own, which must have seen only requests its spec allows. */
    const withStore = async (test: (woo: FakeWooCommerceServer) => Promise<void>): Promise<void> => {
      const woo = await new FakeWooCommerceServer().start();
      try {
        await test(woo);
        expect(woo.violations).toEqual([]);
      } finally {
        await woo.stop();
      }
    };
    const ordersOf = (page: Body) => page['orders'] as Body[];

    it('buys the selected orders with the cheapest rule, writes each tracking back, and leaves out or refuses every order already shipped', () =>
      withStore(async (woo) => {
        const who = await newBulkCustomer(call, adminToken, 20_000, 'inbox-batch');
        const as = { token: who.token };
        expect((await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: SKUS }, as)).status).toBe(201);
        const [a, b, c, uploaded] = [
          woo.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }, { sku: 'TEE-1', name: 'Tee', quantity: 1 }] }),
          woo.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] }),
          woo.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] }),
          woo.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] }),
        ];
        // The seller shipped one order from an uploaded export before connecting the store.
        const row = bulkRow(1);
        const upload = await submitBulk(call, who, [{ ...row, package: { ...row.package, order_id: uploaded.number } }]);
        expect(upload.processed.status).toBe(200);
        const uploadDone = await waitForBulk(call, who.token, upload.orderId);
        expect(uploadDone.status).toBe('completed');

        const connected = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, as);
        expect(connected.status).toBe(201);
        const inbox = ordersOf((await call('GET', '/stores/orders?status=awaiting&limit=100', undefined, as)).body);
        const idOf = (number: string) => String(inbox.find((order) => order['orderNumber'] === number)?.['id']);
        const marked = inbox.find((order) => order['orderNumber'] === uploaded.number);
        expect(marked?.['shipped']).toEqual({ shippedAt: expect.any(String), trackingNumber: expect.stringMatching(/\w{8,}/) });
        expect(inbox.filter((order) => order['shipped']).length).toBe(1);
        const searched = ordersOf((await call('GET', `/stores/orders?q=${encodeURIComponent(b.number)}`, undefined, as)).body);
        expect(searched.map((order) => order['orderNumber'])).toContain(b.number);

        const selection = [a, b, c, uploaded].map((order) => idOf(order.number));
        const batch = { storeOrderIds: selection, rateRule: { kind: 'cheapest' }, sender: SINGLE_LABEL_ORDER.sender };
        const bought = await call('POST', '/stores/orders/batch', batch, as);
        expect(bought.status).toBe(200);
        expect(bought.body).toMatchObject({ status: 'processing', totalCount: 3, alreadyShippedCount: 1, leftOut: [{ storeOrderId: idOf(uploaded.number), orderNumber: uploaded.number }] });
        expect(String(bought.body['message'])).toContain('1 order already shipped was left out');
        const batchId = String(bought.body['orderId']);
        const done = await waitForBulk(call, who.token, batchId);
        expect([done.status, done.processedCount]).toEqual(['completed', 3]);

        for (const order of [a, b, c]) {
          const written = await eventually(() => Promise.resolve(woo.order(order.id)), (now) => now?.status === 'completed', 30_000, `the write-back of #${order.number}`);
          expect(written?.notes).toEqual([expect.objectContaining({ customer_note: true, note: expect.stringContaining('Tracking number: ') })]);
        }
        const shipped = await eventually(
          async () => ordersOf((await call('GET', '/stores/orders?status=shipped', undefined, as)).body),
          (orders) => orders.filter((order) => (order['writeBack'] as Body | null)?.['state'] === 'sent').length === 3,
          30_000,
          'the write-backs shown sent',
        );
        expect(shipped.map((order) => (order['label'] as Body)['batchId'])).toEqual([batchId, batchId, batchId]);
        expect(ordersOf((await call('GET', '/stores/orders', undefined, as)).body).map((order) => order['orderNumber'])).toEqual([uploaded.number]);

        // Sent again, the same submission answers the same batch and buys nothing more.
        const again = await call('POST', '/stores/orders/batch', { ...batch, batchId }, as);
        expect([again.status, again.body['orderId']]).toEqual([200, batchId]);
        const refused = await call('POST', '/stores/orders/batch', { ...batch, storeOrderIds: [idOf(a.number), idOf(b.number)] }, as);
        expect([refused.status, refused.body['message']]).toEqual([400, '2 orders already shipped were left out, so nothing was bought. Tick "Buy another label" on an order to ship it again.']);
        const single = await call('POST', `/stores/orders/${idOf(a.number)}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender }, as);
        expect(single.status).toBe(409);
        expect(String(single.body['message'])).toMatch(new RegExp(`^Order #${a.number} was already shipped on \\d{4}-\\d{2}-\\d{2}, tracking \\w+`));

        const another = await call('POST', '/stores/orders/batch', { ...batch, storeOrderIds: [idOf(uploaded.number)], buyAnother: [idOf(uploaded.number)] }, as);
        expect(another.status).toBe(200);
        expect(another.body).toMatchObject({ totalCount: 1, alreadyShippedCount: 0, leftOut: [] });
        expect((await waitForBulk(call, who.token, String(another.body['orderId']))).status).toBe('completed');
        await eventually(() => Promise.resolve(woo.order(uploaded.id)), (now) => now?.status === 'completed', 30_000, 'the write-back of the order bought again');
      }), 180_000);

    it('asks the store to set an order back to processing when its label is voided, and the order awaits shipment again', () =>
      withStore(async (woo) => {
        const who = await newBulkCustomer(call, adminToken, 10_000, 'inbox-void');
        const as = { token: who.token };
        expect((await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: SKUS }, as)).status).toBe(201);
        const order = woo.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] });
        expect((await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, as)).status).toBe(201);
        const id = String(ordersOf((await call('GET', '/stores/orders', undefined, as)).body)[0]?.['id']);
        const bought = await call('POST', '/stores/orders/batch', { storeOrderIds: [id], rateRule: { kind: 'cheapest' }, sender: SINGLE_LABEL_ORDER.sender }, as);
        expect(bought.status).toBe(200);
        const batchId = String(bought.body['orderId']);
        await waitForBulk(call, who.token, batchId);
        await eventually(() => Promise.resolve(woo.order(order.id)), (now) => now?.status === 'completed', 30_000, 'the write-back');

        const voided = await call('POST', `/orders/bulk/${batchId}/void`, {}, as);
        expect(voided.status).toBe(200);
        expect(Number(voided.body['voided']) + Number(voided.body['refundPending'])).toBe(1);
        const reopened = await eventually(() => Promise.resolve(woo.order(order.id)), (now) => now?.status === 'processing', 30_000, 'the cancel');
        expect(reopened?.notes.map((note) => [note.customer_note, note.note])).toEqual([
          [true, expect.stringContaining('Tracking number: ')],
          [false, expect.stringMatching(/^The USPS label \w+ was voided: the order is back to processing until a new label is bought\.$/)],
        ]);
        expect(ordersOf((await call('GET', '/stores/orders', undefined, as)).body).map((row) => row['id'])).toEqual([id]);
        expect(ordersOf((await call('GET', '/stores/orders?status=shipped', undefined, as)).body)).toEqual([]);
      }), 90_000);

    it("buys an API key's batch of orders to Canada and Germany weighed and declared from their SKUs, leaving out alone the German order whose SKU has no HS code", () =>
      withStore(async (woo) => {
        const who = await newBulkCustomer(call, adminToken, 20_000, 'inbox-abroad');
        const as = { token: who.token };
        expect((await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: SKUS_ABROAD }, as)).status).toBe(201);
        const toCanada = woo.addOrder({ shipping: { first_name: 'Chloé', last_name: 'Tremblay', address_1: '24 Sussex Dr', city: 'Ottawa', state: 'ON', postcode: 'K1M 1M4', country: 'CA' }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }] });
        const toGermany = woo.addOrder({ shipping: { first_name: 'Jonas', last_name: 'Weber', ...BERLIN }, items: [{ sku: 'TEE-1', name: 'Tee', quantity: 3 }] });
        const noHsCode = woo.addOrder({ shipping: { first_name: 'Lena', last_name: 'Fischer', ...BERLIN }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] });
        expect((await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, as)).status).toBe(201);
        const created = await call('POST', '/keys', { name: 'inbox buyer', scopes: ['labels:read', 'labels:buy'], password: 'bulk-password' }, as);
        expect(created.status).toBe(201);
        const key = { authorization: `Bearer ${String(created.body['key'])}` };
        const inbox = ordersOf((await call('GET', '/stores/orders?limit=100', undefined, key)).body);
        const idOf = (number: string) => String(inbox.find((order) => order['orderNumber'] === number)?.['id']);
        // The key's inbox is weighed from the SKUs as the seller's own session sees it (orders reads them, decision 121).
        expect(inbox.find((order) => order['orderNumber'] === toCanada.number)?.['package']).toMatchObject({ weightLb: expect.any(Number) });
        expect(inbox.map((order) => order['package'])).toEqual(ordersOf((await call('GET', '/stores/orders?limit=100', undefined, as)).body).map((order) => order['package']));
        const batch = { rateRule: { kind: 'service' }, service_name: ABROAD_SERVICE, sender: SINGLE_LABEL_ORDER.sender };

        const alone = await call('POST', '/stores/orders/batch', { ...batch, storeOrderIds: [idOf(noHsCode.number)] }, key);
        expect([alone.status, alone.body['message']]).toEqual([400, `No order can be bought: Order #${noHsCode.number}: SKU MUG-1 has no HS code; Germany requires one`]);

        const bought = await call('POST', '/stores/orders/batch', { ...batch, storeOrderIds: [toCanada, toGermany, noHsCode].map((order) => idOf(order.number)) }, key);
        expect(bought.status).toBe(200);
        expect(bought.body).toMatchObject({
          totalCount: 2,
          leftOut: [],
          customsRefused: [{ storeOrderId: idOf(noHsCode.number), orderNumber: noHsCode.number, message: `Order #${noHsCode.number}: SKU MUG-1 has no HS code; Germany requires one` }],
        });
        expect(String(bought.body['message'])).toContain(`1 order was left out for its customs: Order #${noHsCode.number}: SKU MUG-1 has no HS code; Germany requires one.`);
        const done = await waitForBulk(call, who.token, String(bought.body['orderId']));
        expect([done.status, done.processedCount, done.failedCount]).toEqual(['completed', 2, 0]);
        const shipped = ordersOf((await call('GET', '/stores/orders?status=shipped', undefined, as)).body);
        expect(shipped.map((order) => order['orderNumber']).sort()).toEqual([toCanada.number, toGermany.number].sort());
        expect(ordersOf((await call('GET', '/stores/orders', undefined, as)).body).map((order) => order['orderNumber'])).toEqual([noHsCode.number]);
      }), 120_000);

    it('buys an order once when two batches ask for it at the same moment', () =>
      withStore(async (own) => {
        const who = await newBulkCustomer(call, adminToken, 10_000, 'inbox-race');
        const as = { token: who.token };
        expect((await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: SKUS }, as)).status).toBe(201);
        const order = own.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] });
        expect((await call('POST', '/stores', { kind: 'woocommerce', url: own.url, consumer_key: own.consumerKey, consumer_secret: own.consumerSecret }, as)).status).toBe(201);
        const id = String(ordersOf((await call('GET', '/stores/orders', undefined, as)).body).find((row) => row['orderNumber'] === order.number)?.['id']);
        const batch = { storeOrderIds: [id], rateRule: { kind: 'cheapest' }, sender: SINGLE_LABEL_ORDER.sender };
        const answers = await Promise.all([call('POST', '/stores/orders/batch', batch, as), call('POST', '/stores/orders/batch', batch, as)]);
        const started = answers.filter((answer) => answer.status === 200);
        expect(started).toHaveLength(1);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
        await waitForBulk(call, who.token, String(started[0]?.body['orderId']));
        const batches = (await call('GET', `/orders/bulk/${who.userId}`, undefined, as)).body['bulkOrders'] as Body[];
        expect(batches.map((row) => row['status'])).toEqual(['completed']);
      }), 90_000);
  });
};
