import { FakeShopifyServer, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { eventually } from './lifecycle-api';
import { fakeStoreForSuite } from './store-fake';

type Body = Record<string, unknown>;

/** The fake Shopify, and the orders settings that point the Shopify plugin at it. */
export const fakeShopifyForStores = () =>
  fakeStoreForSuite('Shopify', () => new FakeShopifyServer().start(), (shopify) => ({
    SHOPIFY_API_KEY: shopify.apiKey,
    SHOPIFY_API_SECRET: shopify.apiSecret,
    SHOPIFY_SHOP_URL: shopify.shopUrlTemplate,
  }));

/**
 * Shopify through the routes (decision 107): connected through the shop's install page and the callback route (a
 * callback used twice or forged refused), a multi-item order imported as one parcel, a re-import adding nothing, a
 * label bought and its tracking written back as one fulfillment (the buyer told once), an orders/create push
 * imported (a forged one refused), a token revoked at Shopify shown on the connection as "reconnect", and Shopify down
 * at write-back and at a void's cancel: each failure shown on the order, each done once Shopify is back.
 */
export const describeShopifyStore = (mode: string, running: () => RunningSystem, fake: ReturnType<typeof fakeShopifyForStores>): void => {
  describe(`Shopify orders in, fulfillments back (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';
    let baseUrl = '';

    beforeAll(async () => {
      const system = running();
      baseUrl = system.baseUrl;
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);
    afterAll(() => fake.stop());
    afterEach(() => {
      expect(fake.server().violations).toEqual([]);
    });

    const inbox = async (token: string, status = 'awaiting') => (await call('GET', `/stores/orders?status=${status}`, undefined, { token })).body;
    const ordersOf = (page: Body) => page['orders'] as Body[];
    /** The browser's visit to the callback route: answers where it was sent on to. */
    const land = async (callback: string): Promise<string> => {
      const back = new URL(callback);
      const landed = await fetch(`${baseUrl}${back.pathname}${back.search}`, { redirect: 'manual' });
      expect(landed.status).toBe(302);
      return landed.headers.get('location') ?? '';
    };

    it('connects through the install page, imports a multi-item order once, writes the tracking back as one fulfillment, imports a pushed order, and shows a revoked token', async () => {
      const shopify = fake.server();
      const who = await newBulkCustomer(call, adminToken, 10_000, `shopify-${mode}`);
      const as = { token: who.token };
      const multi = shopify.addOrder({
        shipping: { first_name: 'Ann', last_name: 'Lee', address1: '1 Congress Ave', city: 'Austin', province_code: 'TX', zip: '78701' },
        items: [
          { sku: 'MUG-1', name: 'Mug', quantity: 2 },
          { sku: 'TEE-1', name: 'Tee', quantity: 3 },
        ],
      });
      shopify.addOrder({ financialStatus: 'pending', items: [{ sku: 'UNPAID', quantity: 1 }] });

      const started = await call('POST', '/stores', { kind: 'shopify', shop: 'acme-outdoor' }, as);
      expect([started.status, started.body['message']]).toEqual([201, undefined]);
      const authorizeUrl = new URL(String(started.body['authorizeUrl']));
      expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${shopify.shopUrl}/admin/oauth/authorize`);
      expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(/\/api\/stores\/callback\/shopify$/);
      const page = await fetch(authorizeUrl);
      expect(await page.text()).toContain('Install app');
      const callback = shopify.approve(authorizeUrl.toString());
      expect(await land(`${callback.split('?')[0]}?${new URL(callback).search.slice(1).replace(/hmac=[0-9a-f]+/, `hmac=${'0'.repeat(64)}`)}`)).toMatch(/\/main\/stores\?connect_error=.*could%20not%20be%20verified/);

      // The forged visit used the pending connection up: the seller starts again, and this time comes back as Shopify sends them.
      const restarted = await call('POST', '/stores', { kind: 'shopify', shop: 'acme-outdoor.myshopify.com' }, as);
      const approved = shopify.approve(String(restarted.body['authorizeUrl']));
      expect(await land(approved)).toMatch(/\/main\/stores\?connected=Acme%20Outdoor$/);
      expect(await land(approved)).toMatch(/\/main\/stores\?connect_error=.*expired%20or%20was%20already%20used/);

      const listed = await call('GET', '/stores', undefined, as);
      const store = (listed.body['stores'] as Body[])[0] as Body;
      expect(store).toMatchObject({ kind: 'shopify', name: 'Acme Outdoor', lastError: null });
      expect(JSON.stringify(listed.body)).not.toContain('shpat_');
      const awaiting = await eventually(() => inbox(who.token), (inboxPage) => Number(inboxPage['total']) === 1, 30_000, 'the import on connect');
      const imported = ordersOf(awaiting)[0] as Body;
      expect(imported).toMatchObject({
        orderNumber: multi.name,
        items: [
          { sku: 'MUG-1', name: 'Mug', quantity: 2 },
          { sku: 'TEE-1', name: 'Tee', quantity: 3 },
        ],
        receiver: { receiver_name: 'Ann Lee', receiver_address1: '1 Congress Ave', receiver_city: 'Austin', receiver_zip_postal: '78701', receiver_country: 'US' },
      });
      const again = await call('POST', `/stores/${String(store['id'])}/sync`, undefined, as);
      expect([again.status, again.body['imported']]).toEqual([200, 0]);

      const bought = await call('POST', `/stores/orders/${String(imported['id'])}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender, package: { package_length: 6, package_width: 6, package_height: 6, package_weight: 3 } }, as);
      expect(bought.status).toBe(200);
      const label = bought.body['data'] as Body;
      await eventually(() => inbox(who.token, 'shipped'), (shipped) => ordersOf(shipped).some((order) => (order['writeBack'] as Body | null)?.['state'] === 'sent'), 30_000, 'the write-back shown');
      expect(shopify.order(multi.id)?.fulfillments).toEqual([expect.objectContaining({ trackingInfo: expect.objectContaining({ number: label['trackingNumber'] }), notifyCustomer: true })]);
      expect(shopify.order(multi.id)?.notifications).toHaveLength(1);

      const pushed = shopify.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] });
      const forged = shopify.ordersCreateWebhook(pushed, 'not the app secret');
      expect((await fetch(`${baseUrl}/api/webhooks/stores/shopify`, { method: 'POST', headers: forged.headers, body: forged.body })).status).toBe(401);
      const push = shopify.ordersCreateWebhook(pushed);
      expect((await fetch(`${baseUrl}/api/webhooks/stores/shopify`, { method: 'POST', headers: push.headers, body: push.body })).status).toBe(200);
      expect(ordersOf(await inbox(who.token)).map((order) => order['orderNumber'])).toEqual([pushed.name]);

      shopify.revokeTokens();
      const refused = await call('POST', `/stores/${String(store['id'])}/sync`, undefined, as);
      expect(refused.status).toBe(400);
      const shown = ((await call('GET', '/stores', undefined, as)).body['stores'] as Body[])[0];
      expect(shown?.['lastError']).toBe("Shopify no longer accepts this store's access token ([API] Invalid API key or access token (unrecognized login or wrong password)) — reconnect the store");
    }, 120_000);

    it('writes the tracking back once after Shopify was down, and cancels that fulfillment once the label is voided, showing each failure meanwhile', async () => {
      const shopify = fake.server();
      const who = await newBulkCustomer(call, adminToken, 10_000, `shopify-down-${mode}`);
      const as = { token: who.token };
      const order = shopify.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] });
      const started = await call('POST', '/stores', { kind: 'shopify', shop: 'acme-outdoor' }, as);
      expect(await land(shopify.approve(String(started.body['authorizeUrl'])))).toMatch(/\/main\/stores\?connected=Acme%20Outdoor$/);
      const awaiting = await eventually(() => inbox(who.token), (page) => ordersOf(page).some((row) => row['orderNumber'] === order.name), 30_000, 'the import on connect');
      const imported = ordersOf(awaiting).find((row) => row['orderNumber'] === order.name) as Body;
      const rowOf = async (status: string) => ordersOf(await inbox(who.token, status)).find((row) => row['id'] === imported['id']);
      const errorOf = (row: Body | undefined) => String((row?.['writeBack'] as Body | null | undefined)?.['error'] ?? '');

      shopify.down = true;
      let label: Body;
      try {
        const bought = await call('POST', `/stores/orders/${String(imported['id'])}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender, package: { package_length: 6, package_width: 6, package_height: 6, package_weight: 1 } }, as);
        expect(bought.status).toBe(200);
        label = bought.body['data'] as Body;
        const failed = await eventually(() => rowOf('shipped'), (row) => errorOf(row) !== '', 30_000, 'the failed write-back shown');
        expect(failed?.['writeBack']).toMatchObject({ state: 'waiting', error: 'tracking not sent to Shopify: Shopify answered 503: Service Unavailable' });
        expect(order.fulfillments).toEqual([]);
      } finally {
        shopify.down = false;
      }
      await eventually(() => rowOf('shipped'), (row) => (row?.['writeBack'] as Body | null | undefined)?.['state'] === 'sent', 30_000, 'the write-back after Shopify was back');
      expect(order.fulfillments).toEqual([expect.objectContaining({ status: 'SUCCESS', trackingInfo: expect.objectContaining({ number: label['trackingNumber'] }), notifyCustomer: true })]);
      expect(order.notifications).toHaveLength(1);

      shopify.down = true;
      try {
        const voided = await call('POST', `/orders/${String(label['orderId'])}/void`, {}, as);
        expect(voided.status).toBe(200);
        const failed = await eventually(() => rowOf('awaiting'), (row) => errorOf(row) !== '', 30_000, 'the failed cancel shown');
        expect(errorOf(failed)).toBe('fulfilment not cancelled at Shopify: Shopify answered 503: Service Unavailable');
        expect(order.fulfillments.map((done) => done.status)).toEqual(['SUCCESS']);
      } finally {
        shopify.down = false;
      }
      const reopened = await eventually(() => rowOf('awaiting'), (row) => row !== undefined && row['writeBack'] === null, 30_000, 'the cancel after Shopify was back');
      expect(reopened).toMatchObject({ label: expect.objectContaining({ status: 'cancelled' }) });
      expect(order.fulfillments.map((done) => done.status)).toEqual(['CANCELLED']);
      expect(order.fulfillmentOrders.map((fulfillmentOrder) => fulfillmentOrder.status)).toEqual(['CLOSED', 'OPEN']);
      expect(shopify.requests.filter((request) => request.operation === 'LabelDeskFulfillmentCancel')).toHaveLength(1);
    }, 120_000);
  });
};
