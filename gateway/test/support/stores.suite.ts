import { FakeWooCommerceServer, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { eventually } from './lifecycle-api';

type Body = Record<string, unknown>;

const SKUS = [
  { sku: 'MUG-1', maxQty: 10, weight: 0.9, packagingWeight: 0.3, length: 6, width: 6, height: 6 },
  { sku: 'TEE-1', maxQty: 10, weight: 0.4, packagingWeight: 0.1, length: 10, width: 8, height: 2 },
];

/**
 * Issue 47's first slice (decision 105) through the routes: a WooCommerce store connected with its keys (wrong ones
 * refused), its paid orders imported (a multi-item order as one parcel weighed from the seller's SKUs, a re-import
 * adding nothing), a label bought for one (once), the tracking written back to the store (a note to the customer and
 * status completed, once, also after the store was down), and a disconnected store no longer read.
 */
export const describeStores = (mode: string, running: () => RunningSystem): void => {
  describe(`WooCommerce orders in, tracking back (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';
    let woo: FakeWooCommerceServer;

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
      woo = await new FakeWooCommerceServer().start();
    }, 60_000);
    afterAll(() => woo.stop());
    afterEach(() => {
      expect(woo.violations).toEqual([]);
    });

    const seller = async (label: string) => {
      const who = await newBulkCustomer(call, adminToken, 10_000, label);
      expect((await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: SKUS }, { token: who.token })).status).toBe(201);
      return who;
    };
    const inbox = async (token: string, status = 'awaiting') => (await call('GET', `/stores/orders?status=${status}`, undefined, { token })).body;
    const ordersOf = (page: Body) => page['orders'] as Body[];

    it('refuses keys the store does not accept with a 400 saying so, and keeps no connection', async () => {
      const who = await seller('woo-bad-keys');
      const refused = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: `cs_${'0'.repeat(40)}` }, { token: who.token });
      expect(refused.status).toBe(400);
      expect(refused.body['message']).toBe('WooCommerce refused the API keys: Sorry, you cannot list resources.');
      const malformed = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: 'nope', consumer_secret: woo.consumerSecret }, { token: who.token });
      expect(malformed.status).toBe(400);
      expect(malformed.body['message']).toContain('consumer_key must be the key WooCommerce made');
      expect((await call('POST', '/stores', { kind: 'bazaar' }, { token: who.token })).body['message']).toMatch(/^kind must be one of .*\bwoocommerce\b/);
      const listed = await call('GET', '/stores', undefined, { token: who.token });
      expect(listed.body['stores']).toEqual([]);
      // Every store plugin is listed; WooCommerce among them with its three fields.
      expect(listed.body['kinds']).toContainEqual({ kind: 'woocommerce', displayName: 'WooCommerce', fields: expect.any(Array) });
      expect((listed.body['kinds'] as Array<{ kind: string; fields: Body[] }>).find((kind) => kind.kind === 'woocommerce')?.fields.map((field) => [field['name'], field['input']])).toEqual([
        ['url', 'url'],
        ['consumer_key', 'text'],
        ['consumer_secret', 'secret'],
      ]);
    }, 60_000);

    it('imports a multi-item order as one parcel, adds nothing on a re-import, buys its label once and writes the tracking back', async () => {
      const who = await seller('woo-flow');
      const as = { token: who.token };
      const multi = woo.addOrder({ shipping: { first_name: 'Ann', last_name: 'Lee', address_1: '1 Congress Ave', city: 'Austin', state: 'TX', postcode: '78701' }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }, { sku: 'TEE-1', name: 'Tee', quantity: 3 }] });
      woo.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] });

      const connected = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, as);
      expect(connected.status).toBe(201);
      expect(connected.body['sync']).toEqual({ imported: 2, alreadyImported: 0 });
      const store = connected.body['store'] as Body;
      expect(store).toMatchObject({ kind: 'woocommerce', url: woo.url, lastError: null });
      expect(JSON.stringify(connected.body)).not.toContain(woo.consumerSecret);
      expect((await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, as)).status).toBe(409);

      const awaiting = await inbox(who.token);
      expect(awaiting['total']).toBe(2);
      // The total is the same on a full page (counted), on the last one and past the end.
      for (const [page, limit, rows] of [[1, 1, 1], [2, 1, 1], [3, 1, 0], [1, 5, 2]] as const) {
        const paged = (await call('GET', `/stores/orders?page=${page}&limit=${limit}`, undefined, as)).body;
        expect([ordersOf(paged).length, paged['total']]).toEqual([rows, 2]);
      }
      const imported = ordersOf(awaiting).find((order) => order['orderNumber'] === multi.number) as Body;
      expect(imported).toMatchObject({
        storeId: store['id'],
        items: [
          { sku: 'MUG-1', name: 'Mug', quantity: 2 },
          { sku: 'TEE-1', name: 'Tee', quantity: 3 },
        ],
        receiver: { receiver_name: 'Ann Lee', receiver_address1: '1 Congress Ave', receiver_city: 'Austin', receiver_zip_postal: '78701' },
        // 2 × 0.9 + 3 × 0.4 lb and the mug's 0.3 lb box, the larger one.
        package: { weightLb: 3.3, length: 6, width: 6, height: 6 },
        label: null,
      });

      const again = await call('POST', `/stores/${String(store['id'])}/sync`, undefined, as);
      expect(again.status).toBe(200);
      expect(again.body['imported']).toBe(0);
      expect((await inbox(who.token))['total']).toBe(2);

      const bought = await call('POST', `/stores/orders/${String(imported['id'])}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender }, as);
      expect(bought.status).toBe(200);
      const label = bought.body['data'] as Body;
      const twice = await call('POST', `/stores/orders/${String(imported['id'])}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender }, as);
      expect((twice.body['data'] as Body)['orderId']).toBe(label['orderId']);
      expect(ordersOf(await inbox(who.token)).map((order) => order['id'])).not.toContain(imported['id']);

      const written = await eventually(() => Promise.resolve(woo.order(multi.id)), (order) => order?.status === 'completed', 30_000, 'the write-back');
      expect(written?.notes).toEqual([expect.objectContaining({ customer_note: true, note: expect.stringContaining(`Tracking number: ${String(label['trackingNumber'])}`) })]);
      const shipped = await eventually(() => inbox(who.token, 'shipped'), (page) => ordersOf(page).some((order) => (order['writeBack'] as Body | null)?.['state'] === 'sent'), 30_000, 'the write-back shown');
      expect(ordersOf(shipped)[0]).toMatchObject({ label: { orderId: label['orderId'], status: 'completed', trackingNumber: label['trackingNumber'] }, writeBack: { state: 'sent', error: null } });
    }, 120_000);

    it('writes back once after the store was down at write-back, showing why meanwhile', async () => {
      const who = await seller('woo-down');
      const order = woo.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] });
      const connected = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, { token: who.token });
      expect(connected.status).toBe(201);
      const imported = ordersOf(await inbox(who.token)).find((row) => row['orderNumber'] === order.number) as Body;
      woo.down = true;
      try {
        const bought = await call('POST', `/stores/orders/${String(imported['id'])}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender }, { token: who.token });
        expect(bought.status).toBe(200);
        const failed = await eventually(
          () => inbox(who.token, 'shipped'),
          (page) => ordersOf(page).some((row) => String((row['writeBack'] as Body | null)?.['error'] ?? '').startsWith('tracking not sent to WooCommerce: ')),
          30_000,
          'the failed write-back shown',
        );
        expect(ordersOf(failed)[0]?.['writeBack']).toMatchObject({ state: 'waiting', error: 'tracking not sent to WooCommerce: WooCommerce answered 503: The site is experiencing technical difficulties.' });
      } finally {
        woo.down = false;
      }
      const written = await eventually(() => Promise.resolve(woo.order(order.id)), (row) => row?.status === 'completed', 30_000, 'the write-back after recovery');
      expect(written?.notes).toHaveLength(1);
      await eventually(() => inbox(who.token, 'shipped'), (page) => (ordersOf(page)[0]?.['writeBack'] as Body | null)?.['state'] === 'sent', 30_000, 'the write-back shown sent');
    }, 120_000);

    it('lets an API key reach stores only with its scopes: stores:manage to connect and list, labels:read for the inbox, weighed from the SKUs as a session sees it', async () => {
      const who = await seller('woo-keys');
      woo.addOrder({ items: [{ sku: 'MUG-1', quantity: 1 }] });
      const keyWith = async (scopes: string[]) => {
        const created = await call('POST', '/keys', { name: `stores ${scopes.join(' ')}`, scopes, password: 'bulk-password' }, { token: who.token });
        expect(created.status).toBe(201);
        return { authorization: `Bearer ${String(created.body['key'])}` };
      };
      const reader = await keyWith(['labels:read']);
      const refused = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, reader);
      expect([refused.status, refused.body['code']]).toEqual([403, 'AUTH_SCOPE_MISSING']);
      expect(String(refused.body['message'])).toContain('stores:manage');
      const manager = await keyWith(['stores:manage']);
      const connected = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, manager);
      expect(connected.status).toBe(201);
      expect((await call('GET', '/stores', undefined, manager)).status).toBe(200);
      expect((await call('GET', '/stores/orders', undefined, manager)).status).toBe(403);
      const page = await call('GET', '/stores/orders', undefined, reader);
      expect(page.status).toBe(200);
      expect(ordersOf(page.body).length).toBeGreaterThan(0);
      const weighed = (body: Body) => Object.fromEntries(ordersOf(body).map((order) => [String(order['id']), order['package']]));
      const asKey = weighed(page.body);
      expect(Object.values(asKey).every((parcel) => parcel !== null)).toBe(true);
      expect(asKey).toEqual(weighed(await inbox(who.token)));
    }, 60_000);

    it('resumes an import cut off mid-way (the store down from its second page): the page read is kept, the next import adds the rest and nothing twice', async () => {
      const who = await seller('woo-resume');
      const as = { token: who.token };
      const own = await new FakeWooCommerceServer().start();
      try {
        expect((await call('POST', '/stores', { kind: 'woocommerce', url: own.url, consumer_key: own.consumerKey, consumer_secret: own.consumerSecret }, as)).status).toBe(201);
        const id = String((((await call('GET', '/stores', undefined, as)).body['stores'] as Body[])[0] ?? {})['id']);
        for (let i = 0; i < 150; i++) own.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] });
        own.downFromPage = 2;
        const cut = await call('POST', `/stores/${id}/sync`, undefined, as);
        expect(cut.status).toBe(503);
        expect((await inbox(who.token))['total']).toBe(100);
        own.downFromPage = null;
        const resumed = await call('POST', `/stores/${id}/sync`, undefined, as);
        expect([resumed.status, resumed.body]).toEqual([200, { imported: 50, alreadyImported: 100 }]);
        const all = await call('GET', '/stores/orders?limit=100&page=2', undefined, as);
        expect(all.body['total']).toBe(150);
        expect(own.violations).toEqual([]);
      } finally {
        await own.stop();
      }
    }, 120_000);

    it('imports a store by itself on its schedule, without "sync now"', async () => {
      const who = await seller('woo-schedule');
      const connected = await call('POST', '/stores', { kind: 'woocommerce', url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret }, { token: who.token });
      expect(connected.status).toBe(201);
      const later = woo.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 2 }] });
      await eventually(() => inbox(who.token), (page) => ordersOf(page).some((order) => order['orderNumber'] === later.number), 30_000, 'the scheduled import');
    }, 60_000);

    it('stops reading a store once disconnected: its keys are gone, sync is 404, it is not imported on schedule and its orders leave the inbox', async () => {
      // A store of its own: the other tests' stores are imported from on their schedule.
      const own = await new FakeWooCommerceServer().start();
      try {
        const who = await seller('woo-revoke');
        own.addOrder({ items: [{ sku: 'MUG-1', quantity: 1 }] });
        const connected = await call('POST', '/stores', { kind: 'woocommerce', url: own.url, consumer_key: own.consumerKey, consumer_secret: own.consumerSecret }, { token: who.token });
        const id = String((connected.body['store'] as Body)['id']);
        const other = await seller('woo-revoke-other');
        expect((await call('DELETE', `/stores/${id}`, undefined, { token: other.token })).status).toBe(404);
        expect((await call('DELETE', `/stores/${id}`, undefined, { token: who.token })).body).toEqual({ deleted: true });
        const requests = own.requests.length;
        const sync = await call('POST', `/stores/${id}/sync`, undefined, { token: who.token });
        expect(sync.status).toBe(404);
        expect((await call('GET', '/stores', undefined, { token: who.token })).body['stores']).toEqual([]);
        expect((await inbox(who.token))['total']).toBe(0);
        // A connection of the same seller imported on schedule after it shows the round ran; the revoked one was not asked.
        const marker = await new FakeWooCommerceServer().start();
        try {
          marker.addOrder({ items: [{ sku: 'MUG-1', quantity: 1 }] });
          const second = await call('POST', '/stores', { kind: 'woocommerce', url: marker.url, consumer_key: marker.consumerKey, consumer_secret: marker.consumerSecret }, { token: who.token });
          expect(second.status).toBe(201);
          const before = marker.requests.length;
          await eventually(() => Promise.resolve(marker.requests.length), (count) => count > before, 30_000, 'a scheduled import of the other store');
          expect(own.requests.length).toBe(requests);
        } finally {
          await marker.stop();
        }
      } finally {
        await own.stop();
      }
    }, 90_000);
  });
};
