import { FakeAmazonServer, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { eventually } from './lifecycle-api';
import { fakeStoreForSuite } from './store-fake';

type Body = Record<string, unknown>;

/** The fake Amazon, and the orders settings that point the Amazon plugin at it. */
export const fakeAmazonForStores = () =>
  fakeStoreForSuite('Amazon', () => new FakeAmazonServer().start(), (amazon) => ({
    AMAZON_APPLICATION_ID: amazon.applicationId,
    AMAZON_CLIENT_ID: amazon.lwa.clientId,
    AMAZON_CLIENT_SECRET: amazon.lwa.clientSecret,
    AMAZON_SELLER_CENTRAL_URL: amazon.url,
    AMAZON_LWA_TOKEN_URL: `${amazon.url}/auth/o2/token`,
    AMAZON_SP_API_URL: amazon.url,
  }));

/**
 * Amazon through the routes (decision 109): connected through Seller Central's consent and the callback route, its
 * unshipped orders imported with their addresses (a multi-item order as one parcel, a re-import adding nothing), a
 * label bought, the shipment confirmed once (also after Amazon was down at write-back), an expired access token
 * renewed on the way, and a removed authorization shown as "reconnect the store". Each test disconnects its store at
 * the end: the shared system imports every live store every few seconds.
 */
export const describeAmazonStore = (mode: string, running: () => RunningSystem, fake: ReturnType<typeof fakeAmazonForStores>): void => {
  describe(`Amazon orders in, shipments confirmed (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';
    let baseUrl = '';

    beforeAll(async () => {
      const system = running();
      baseUrl = system.baseUrl;
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
      // A seller with a raised usage plan (x-amzn-RateLimit-Limit says so): the shared system's scheduled imports every
      // few seconds would spend getOrders' documented burst of 20 within two minutes.
      const plans = fake.server().usagePlans.plans;
      plans.getOrders = { rate: 5, burst: 50 };
      plans.getOrder = { rate: 5, burst: 50 };
      plans.getOrderItems = { rate: 5, burst: 50 };
    }, 60_000);
    afterAll(() => fake.stop());
    afterEach(() => {
      expect(fake.server().violations).toEqual([]);
    });

    const inbox = async (token: string, status = 'awaiting') => (await call('GET', `/stores/orders?status=${status}`, undefined, { token })).body;
    const ordersOf = (page: Body) => page['orders'] as Body[];
    const storeOf = async (token: string): Promise<Body> => ((await call('GET', '/stores', undefined, { token })).body['stores'] as Body[])[0] as Body;
    const disconnect = async (token: string) => expect((await call('DELETE', `/stores/${String((await storeOf(token))['id'])}`, undefined, { token })).status).toBe(200);
    const buy = (token: string, id: unknown) =>
      call('POST', `/stores/orders/${String(id)}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender, package: { package_length: 6, package_width: 6, package_height: 6, package_weight: 3 } }, { token });

    /** The seller asks to connect, approves in (the fake) Seller Central, and comes back to the callback route. */
    const connect = async (token: string): Promise<string> => {
      const amazon = fake.server();
      const started = await call('POST', '/stores', { kind: 'amazon', marketplace: 'US' }, { token });
      expect([started.status, started.body['message']]).toEqual([201, undefined]);
      const authorizeUrl = new URL(String(started.body['authorizeUrl']));
      expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${amazon.url}/apps/authorize/consent`);
      const redirectUri = authorizeUrl.searchParams.get('redirect_uri') ?? '';
      expect(redirectUri).toMatch(/\/api\/stores\/callback\/amazon$/);
      // The developer registered this redirect URI with the app in the Solution Provider Portal.
      amazon.redirectUris = [redirectUri];
      const consent = await fetch(authorizeUrl, { redirect: 'manual' });
      expect(consent.status).toBe(302);
      const back = new URL(consent.headers.get('location') ?? '');
      const landed = await fetch(`${baseUrl}${back.pathname}${back.search}`, { redirect: 'manual' });
      expect(landed.status).toBe(302);
      return landed.headers.get('location') ?? '';
    };

    it('connects through Seller Central, imports a multi-item order as one parcel, adds nothing on a re-import, and confirms the shipment once', async () => {
      const amazon = fake.server();
      const who = await newBulkCustomer(call, adminToken, 10_000, `amazon-${mode}`);
      const as = { token: who.token };
      const multi = amazon.addOrder({
        shippingAddress: { Name: 'Ann Lee', AddressLine1: '1 Congress Ave', City: 'Austin', StateOrRegion: 'TX', PostalCode: '78701', CountryCode: 'US' },
        items: [
          { sku: 'MUG-1', title: 'Mug', quantity: 2 },
          { sku: 'TEE-1', title: 'Tee', quantity: 3 },
        ],
      });
      amazon.addOrder({ shippingAddress: null, items: [{ sku: 'EBOOK', quantity: 1 }] });

      const landing = await connect(who.token);
      expect(landing).toContain('connected=');
      const listed = await call('GET', '/stores', undefined, as);
      const store = (listed.body['stores'] as Body[])[0] as Body;
      expect(store).toMatchObject({ kind: 'amazon', name: `Amazon.com seller ${amazon.sellingPartnerId}`, lastError: null });
      expect(JSON.stringify(listed.body)).not.toMatch(/Atz[ar]\|/);
      const kinds = listed.body['kinds'] as Array<{ kind: string; fields: Body[] }>;
      expect(String(kinds.find((kind) => kind.kind === 'amazon')?.fields[0]?.['hint'])).toContain('do not carry Amazon\'s A-to-Z claim protection');

      const awaiting = await eventually(() => inbox(who.token), (page) => Number(page['total']) === 1, 30_000, 'the import on connect');
      const imported = ordersOf(awaiting)[0] as Body;
      expect(imported).toMatchObject({
        orderNumber: multi.AmazonOrderId,
        items: [
          { sku: 'MUG-1', name: 'Mug', quantity: 2 },
          { sku: 'TEE-1', name: 'Tee', quantity: 3 },
        ],
        receiver: { receiver_name: 'Ann Lee', receiver_address1: '1 Congress Ave', receiver_city: 'Austin', receiver_zip_postal: '78701', receiver_country: 'US' },
      });

      amazon.lwa.expireAccessTokens();
      const again = await call('POST', `/stores/${String(store['id'])}/sync`, undefined, as);
      expect([again.status, again.body['imported']]).toEqual([200, 0]);
      expect((await inbox(who.token))['total']).toBe(1);

      const bought = await buy(who.token, imported['id']);
      expect(bought.status).toBe(200);
      const label = bought.body['data'] as Body;
      await eventually(() => Promise.resolve(amazon.order(multi.AmazonOrderId)?.OrderStatus), (status) => status === 'Shipped', 30_000, 'the shipment confirmed');
      await eventually(() => inbox(who.token, 'shipped'), (page) => ordersOf(page).some((order) => (order['writeBack'] as Body | null)?.['state'] === 'sent'), 30_000, 'the write-back shown');
      expect(amazon.confirmations.filter((confirmed) => confirmed.amazonOrderId === multi.AmazonOrderId)).toEqual([
        { amazonOrderId: multi.AmazonOrderId, packageDetail: expect.objectContaining({ carrierCode: 'USPS', trackingNumber: label['trackingNumber'], orderItems: [expect.objectContaining({ quantity: 2 }), expect.objectContaining({ quantity: 3 })] }) },
      ]);
      await disconnect(who.token);
    }, 120_000);

    it('confirms the shipment once after Amazon was down at write-back, showing why meanwhile', async () => {
      const amazon = fake.server();
      const who = await newBulkCustomer(call, adminToken, 10_000, `amazon-down-${mode}`);
      const order = amazon.addOrder({ items: [{ sku: 'TEE-1', title: 'Tee', quantity: 1 }] });
      expect(await connect(who.token)).toContain('connected=');
      const imported = (await eventually(() => inbox(who.token), (page) => ordersOf(page).some((row) => row['orderNumber'] === order.AmazonOrderId), 30_000, 'the import')).orders as Body[];
      amazon.down = true;
      try {
        expect((await buy(who.token, imported.find((row) => row['orderNumber'] === order.AmazonOrderId)?.['id'])).status).toBe(200);
        const failed = await eventually(
          () => inbox(who.token, 'shipped'),
          (page) => ordersOf(page).some((row) => String((row['writeBack'] as Body | null)?.['error'] ?? '').startsWith('tracking not sent to Amazon: ')),
          30_000,
          'the failed write-back shown',
        );
        expect(ordersOf(failed)[0]?.['writeBack']).toMatchObject({ state: 'waiting', error: 'tracking not sent to Amazon: Amazon answered 503 to getOrder: Service temporarily unavailable. Please try again later.' });
      } finally {
        amazon.down = false;
      }
      await eventually(() => inbox(who.token, 'shipped'), (page) => (ordersOf(page)[0]?.['writeBack'] as Body | null)?.['state'] === 'sent', 30_000, 'the write-back after recovery');
      expect(amazon.confirmations.filter((confirmed) => confirmed.amazonOrderId === order.AmazonOrderId)).toHaveLength(1);
      await disconnect(who.token);
    }, 120_000);

    it('shows a removed authorization as "reconnect the store" on the connection and on "sync now"', async () => {
      const amazon = fake.server();
      const who = await newBulkCustomer(call, adminToken, 0, `amazon-revoked-${mode}`);
      expect(await connect(who.token)).toContain('connected=');
      // The seller removes LabelDesk in Seller Central (Manage Your Apps); an hour later the access token is gone too.
      amazon.lwa.revoke(amazon.sellingPartnerId);
      amazon.lwa.expireAccessTokens();
      const store = await storeOf(who.token);
      const refused = await call('POST', `/stores/${String(store['id'])}/sync`, undefined, { token: who.token });
      const said = 'Amazon no longer accepts LabelDesk\'s authorization (invalid_grant: The request has an invalid grant parameter : refresh_token) — reconnect the store';
      expect([refused.status, refused.body['message']]).toEqual([400, said]);
      expect((await storeOf(who.token))['lastError']).toBe(said);
      await disconnect(who.token);
    }, 60_000);
  });
};
