import { FakeEbayServer, FakeEtsyServer, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { eventually } from './lifecycle-api';

type Body = Record<string, unknown>;

/**
 * The fake eBay and Etsy for a shared system (decision 108): started by `env()` before the system, whose orders
 * environment names LabelDesk's eBay and Etsy apps and points the plugins at the fakes.
 */
export const fakeMarketplacesForStores = () => {
  let fakes: { ebay: FakeEbayServer; etsy: FakeEtsyServer } | null = null;
  const running = () => {
    if (!fakes) throw new Error('the fake eBay and Etsy are not running');
    return fakes;
  };
  return {
    async env(): Promise<Record<string, string>> {
      const [ebay, etsy] = await Promise.all([new FakeEbayServer().start(), new FakeEtsyServer().start()]);
      fakes = { ebay, etsy };
      return {
        EBAY_CLIENT_ID: ebay.clientId,
        EBAY_CLIENT_SECRET: ebay.clientSecret,
        EBAY_RU_NAME: ebay.ruName,
        EBAY_AUTH_URL: ebay.url,
        EBAY_API_URL: ebay.url,
        EBAY_IDENTITY_URL: ebay.url,
        ETSY_KEYSTRING: etsy.keystring,
        ETSY_SHARED_SECRET: etsy.sharedSecret,
        ETSY_CONNECT_URL: `${etsy.url}/oauth/connect`,
        ETSY_API_URL: etsy.url,
      };
    },
    ebay: (): FakeEbayServer => running().ebay,
    etsy: (): FakeEtsyServer => running().etsy,
    stop: async () => {
      await Promise.all([fakes?.ebay.stop(), fakes?.etsy.stop()]);
    },
  };
};

const SKUS = [
  { sku: 'MUG-1', maxQty: 10, weight: 0.9, packagingWeight: 0.3, length: 6, width: 6, height: 6 },
  { sku: 'TEE-1', maxQty: 10, weight: 0.4, packagingWeight: 0.1, length: 10, width: 8, height: 2 },
];
const ANN_LEE = { name: 'Ann Lee', line1: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

/**
 * eBay and Etsy through the routes (decision 108): connected through their consent pages and the callback route,
 * a multi-item order imported once as one parcel weighed from the seller's SKUs, its label bought, the tracking
 * written back once after the store was down at write-back, an access token near its expiry refreshed before
 * an import, and a seller's revoking the app shown on the connection as "reconnect the store".
 */
export const describeMarketplaceStores = (mode: string, running: () => RunningSystem, fakes: ReturnType<typeof fakeMarketplacesForStores>): void => {
  describe(`eBay and Etsy orders in, tracking back (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';
    let baseUrl = '';

    beforeAll(async () => {
      const system = running();
      baseUrl = system.baseUrl;
      call = apiClient(baseUrl);
      adminToken = await adminTokenOf(call, system);
      // eBay's RuName is registered with the callback route as its accept URL; Etsy's app with the route as a callback URL.
      fakes.ebay().acceptUrl = `${baseUrl}/api/stores/callback/ebay`;
    }, 60_000);
    afterAll(() => fakes.stop());
    afterEach(() => {
      expect(fakes.ebay().violations).toEqual([]);
      expect(fakes.etsy().violations).toEqual([]);
    });

    const seller = async (label: string) => {
      const who = await newBulkCustomer(call, adminToken, 10_000, label);
      expect((await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: SKUS }, { token: who.token })).status).toBe(201);
      return who;
    };
    const inbox = async (token: string, status = 'awaiting') => (await call('GET', `/stores/orders?status=${status}`, undefined, { token })).body;
    const ordersOf = (page: Body) => page['orders'] as Body[];

    /** The seller asks to connect, follows the store's consent page, and comes back through the callback route. */
    const connect = async (kind: 'ebay' | 'etsy', token: string): Promise<Body> => {
      const started = await call('POST', '/stores', { kind }, { token });
      expect(started.status).toBe(201);
      const authorizeUrl = String(started.body['authorizeUrl']);
      if (kind === 'etsy') fakes.etsy().redirectUri = new URL(authorizeUrl).searchParams.get('redirect_uri') ?? '';
      const consent = await fetch(authorizeUrl, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      const callback = await fetch(`${baseUrl}${back.pathname}${back.search}`, { redirect: 'manual' });
      expect(callback.status).toBe(302);
      const landed = new URL(callback.headers.get('location') ?? '');
      // The web app's Stores page, told how it went.
      expect([/\/stores$/.test(landed.pathname), landed.searchParams.get('connect_error')]).toEqual([true, null]);
      const stores = (await call('GET', '/stores', undefined, { token })).body['stores'] as Body[];
      const store = stores.find((one) => one['kind'] === kind);
      expect(store).toMatchObject({ name: landed.searchParams.get('connected'), lastError: null });
      return store as Body;
    };
    const sync = (id: unknown, token: string) => call('POST', `/stores/${String(id)}/sync`, undefined, { token });
    const buy = async (orderId: unknown, token: string) => {
      const bought = await call('POST', `/stores/orders/${String(orderId)}/buy`, { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender }, { token });
      expect(bought.status).toBe(200);
      return bought.body['data'] as Body;
    };

    it('connects eBay through its consent, imports a multi-item order once, and writes the tracking back once after eBay was down', async () => {
      const ebay = fakes.ebay();
      const who = await seller(`ebay-flow-${mode}`);
      const multi = ebay.addOrder({
        shipTo: { fullName: ANN_LEE.name, contactAddress: { addressLine1: ANN_LEE.line1, city: ANN_LEE.city, stateOrProvince: ANN_LEE.state, postalCode: ANN_LEE.zip } },
        items: [{ sku: 'MUG-1', title: 'Mug', quantity: 2 }, { sku: 'TEE-1', title: 'Tee', quantity: 3 }],
      });
      const store = await connect('ebay', who.token);
      expect(store).toMatchObject({ name: `eBay seller ${ebay.sellerId}` });
      const imported = ordersOf(await inbox(who.token)).find((order) => order['orderNumber'] === multi.orderId) as Body;
      expect(imported).toMatchObject({
        items: [
          { sku: 'MUG-1', name: 'Mug', quantity: 2 },
          { sku: 'TEE-1', name: 'Tee', quantity: 3 },
        ],
        receiver: { receiver_name: ANN_LEE.name, receiver_address1: ANN_LEE.line1, receiver_zip_postal: ANN_LEE.zip },
        package: { weightLb: 3.3 },
      });
      expect((await sync(store['id'], who.token)).body['imported']).toBe(0);

      ebay.down = true;
      let label: Body;
      try {
        label = await buy(imported['id'], who.token);
        await eventually(
          () => inbox(who.token, 'shipped'),
          (page) => ordersOf(page).some((row) => String((row['writeBack'] as Body | null)?.['error'] ?? '').startsWith('tracking not sent to eBay: eBay answered 503')),
          30_000,
          'the failed write-back shown',
        );
      } finally {
        ebay.down = false;
      }
      const written = await eventually(() => Promise.resolve(multi.orderFulfillmentStatus), (status) => status === 'FULFILLED', 30_000, 'the write-back to eBay');
      expect(written).toBe('FULFILLED');
      expect(multi.fulfillments).toEqual([expect.objectContaining({ shipmentTrackingNumber: String(label['trackingNumber']).replace(/[^A-Za-z0-9]/g, ''), shippingCarrierCode: 'USPS' })]);
      await eventually(() => inbox(who.token, 'shipped'), (page) => ordersOf(page).some((row) => (row['writeBack'] as Body | null)?.['state'] === 'sent'), 30_000, 'the write-back shown sent');
    }, 120_000);

    it('connects Etsy with PKCE, imports a paid receipt with several items once, and sends its tracking once after Etsy was down at write-back', async () => {
      const etsy = fakes.etsy();
      const who = await seller(`etsy-flow-${mode}`);
      const receipt = etsy.addReceipt({
        address: { name: ANN_LEE.name, first_line: ANN_LEE.line1, city: ANN_LEE.city, state: ANN_LEE.state, zip: ANN_LEE.zip },
        items: [{ sku: 'MUG-1', title: 'Mug', quantity: 2 }, { sku: 'TEE-1', title: 'Tee', quantity: 3 }],
      });
      const store = await connect('etsy', who.token);
      expect(store).toMatchObject({ name: `Etsy shop ${etsy.shopName}` });
      const imported = ordersOf(await inbox(who.token)).find((order) => order['orderNumber'] === String(receipt.receipt_id)) as Body;
      expect(imported).toMatchObject({ items: [{ sku: 'MUG-1', quantity: 2 }, { sku: 'TEE-1', quantity: 3 }], package: { weightLb: 3.3 } });
      expect((await sync(store['id'], who.token)).body['imported']).toBe(0);

      etsy.down = true;
      let label: Body;
      try {
        label = await buy(imported['id'], who.token);
        const failed = await eventually(
          () => inbox(who.token, 'shipped'),
          (page) => ordersOf(page).some((row) => row['id'] === imported['id'] && (row['writeBack'] as Body | null)?.['error'] !== null && (row['writeBack'] as Body | null)?.['error'] !== undefined),
          30_000,
          'the failed write-back shown',
        );
        expect(ordersOf(failed).find((row) => row['id'] === imported['id'])?.['writeBack']).toMatchObject({ state: 'waiting', error: 'tracking not sent to Etsy: Etsy answered 503: Service Unavailable' });
        expect(receipt.shipments).toEqual([]);
      } finally {
        etsy.down = false;
      }
      await eventually(() => Promise.resolve(receipt.is_shipped), Boolean, 30_000, 'the write-back to Etsy after it was back');
      await eventually(() => inbox(who.token, 'shipped'), (page) => ordersOf(page).some((row) => (row['writeBack'] as Body | null)?.['state'] === 'sent'), 30_000, 'the write-back shown sent');
      expect(receipt.shipments).toEqual([expect.objectContaining({ tracking_code: label['trackingNumber'], carrier_name: 'usps' })]);
      expect(etsy.notifications.get(receipt.receipt_id)).toBe(1);
    }, 120_000);

    it('refreshes an eBay token near its expiry before importing, and says to reconnect once the seller revoked the app', async () => {
      const ebay = fakes.ebay();
      const who = await seller(`ebay-tokens-${mode}`);
      // Tokens of two minutes: inside the five minutes before expiry in which a connection is refreshed before use.
      ebay.grants.accessTokenSeconds = 120;
      let store: Body;
      try {
        store = await connect('ebay', who.token);
      } finally {
        ebay.grants.accessTokenSeconds = 7_200;
      }
      const refreshes = ebay.grants.refreshCount;
      const later = ebay.addOrder({ items: [{ sku: 'TEE-1', title: 'Tee', quantity: 1 }] });
      expect((await sync(store['id'], who.token)).status).toBe(200);
      expect(ebay.grants.refreshCount).toBeGreaterThan(refreshes);
      expect(ordersOf(await inbox(who.token)).map((order) => order['orderNumber'])).toContain(later.orderId);

      ebay.grants.revokeAll();
      const refused = await sync(store['id'], who.token);
      expect(refused.status).toBe(400);
      expect(String(refused.body['message'])).toMatch(/^eBay (no longer accepts|refused) LabelDesk's .*\) — reconnect the store$/);
      const listed = (await call('GET', '/stores', undefined, { token: who.token })).body['stores'] as Body[];
      expect(String(listed.find((one) => one['id'] === store['id'])?.['lastError'])).toContain('reconnect the store');
    }, 120_000);
  });
};
