import { FakeShopifyServer } from '@labeldesk/testing';
import { storeHttp } from '../http/store-http';
import { StoreAuthorizationError, StoreRefusedError, type ConnectedAccount, type ImportedOrder, type StoreAccount } from '../plugin/store-plugin';
import { SHOPIFY_PAGE_SIZE } from './shopify-queries';
import type { ShopifySettings } from './shopify-settings';
import { shopifyPlugin } from './shopify.plugin';

const http = storeHttp({ allowPrivate: true, timeoutMs: 60_000, tries: 3, sleep: async () => undefined });
const oauth = shopifyPlugin.oauth;
const REDIRECT = 'https://labeldesk.example/api/stores/callback/shopify';

const importAll = async (account: StoreAccount, cursor: string | null, settings: ShopifySettings) => {
  const orders: ImportedOrder[] = [];
  let last: string | null = null;
  for await (const page of shopifyPlugin.importOrders(account, cursor, http, settings)) {
    orders.push(...page.orders);
    last = page.cursor ?? last;
  }
  return { orders, cursor: last };
};

describe('the Shopify store plugin against the fake Shopify', () => {
  let shopify: FakeShopifyServer;
  let settings: ShopifySettings;

  /** Connects as a seller does: the authorize page, "Install app", the signed callback, the code traded. */
  const connect = async (): Promise<ConnectedAccount> => {
    const fields = shopifyPlugin.credentials.parse({ shop: 'acme-outdoor' });
    const state = 'a-state-of-at-least-sixteen-characters';
    const back = new URL(shopify.approve(oauth.authorizeUrl({ state, redirectUri: REDIRECT, codeChallenge: 'unused', fields }, settings)));
    const query = Object.fromEntries(back.searchParams.entries());
    expect(oauth.verifyCallback?.(query, settings)).toBe(true);
    return oauth.exchange({ code: query['code'] ?? '', redirectUri: REDIRECT, codeVerifier: 'unused', fields, query }, http, settings);
  };

  beforeEach(async () => {
    shopify = await new FakeShopifyServer().start();
    settings = { SHOPIFY_API_KEY: shopify.apiKey, SHOPIFY_API_SECRET: shopify.apiSecret, SHOPIFY_API_VERSION: '2025-10', SHOPIFY_SHOP_URL: shopify.shopUrlTemplate };
  });
  afterEach(async () => {
    expect(shopify.violations).toEqual([]);
    await shopify.stop();
  });

  it('sends the seller to their shop\'s authorize page with the app\'s client id, the scopes, the redirect URI and the state', () => {
    const url = new URL(oauth.authorizeUrl({ state: 'state-123456789012345', redirectUri: REDIRECT, codeChallenge: 'x', fields: { shop: shopify.shop } }, settings));
    expect(`${url.origin}${url.pathname}`).toBe(`${shopify.shopUrl}/admin/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams.entries())).toEqual({
      client_id: shopify.apiKey,
      scope: 'read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders',
      redirect_uri: REDIRECT,
      state: 'state-123456789012345',
    });
  });

  it('takes the shop as the seller types it, and refuses what is not a myshopify.com shop', () => {
    for (const typed of ['acme-outdoor', 'Acme-Outdoor.myshopify.com', 'https://acme-outdoor.myshopify.com/admin']) {
      expect(shopifyPlugin.credentials.parse({ shop: typed })).toEqual({ shop: 'acme-outdoor.myshopify.com' });
    }
    expect(shopifyPlugin.credentials.safeParse({ shop: 'shop.example.com' }).success).toBe(false);
    expect(shopifyPlugin.credentials.safeParse({ shop: '-x' }).success).toBe(false);
  });

  it('refuses to start when the server has no Shopify app set up', () => {
    expect(() => oauth.authorizeUrl({ state: 's', redirectUri: REDIRECT, codeChallenge: 'x', fields: { shop: shopify.shop } }, { ...settings, SHOPIFY_API_KEY: undefined })).toThrow(StoreRefusedError);
  });

  it('connects through the install page: the callback\'s hmac checked, the code traded for a token, the shop named', async () => {
    const account = await connect();
    expect(account).toMatchObject({ name: 'Acme Outdoor', storeKey: shopify.shop, url: shopify.shopUrl, expiresAt: null });
    expect(account.secrets['access_token']).toMatch(/^shpat_/);
    const traded = shopify.requests.find((request) => request.path.endsWith('/admin/oauth/access_token'));
    expect(traded?.body).toEqual({ client_id: shopify.apiKey, client_secret: shopify.apiSecret, code: expect.any(String) });
  });

  it('refuses a callback whose hmac, shop or age is wrong', () => {
    const back = new URL(shopify.approve(oauth.authorizeUrl({ state: 'state-123456789012345', redirectUri: REDIRECT, codeChallenge: 'x', fields: { shop: shopify.shop } }, settings)));
    const query = Object.fromEntries(back.searchParams.entries());
    expect(oauth.verifyCallback?.(query, settings)).toBe(true);
    expect(oauth.verifyCallback?.({ ...query, shop: 'other.myshopify.com' }, settings)).toBe(false);
    expect(oauth.verifyCallback?.({ ...query, hmac: '0'.repeat(64) }, settings)).toBe(false);
    expect(oauth.verifyCallback?.(query, { ...settings, SHOPIFY_API_SECRET: 'another secret' })).toBe(false);
    const authorize = oauth.authorizeUrl({ state: 'state-123456789012345', redirectUri: REDIRECT, codeChallenge: 'x', fields: { shop: shopify.shop } }, settings);
    const old = Object.fromEntries(new URL(shopify.approve(authorize, new Date(Date.now() - 25 * 3600_000))).searchParams.entries());
    expect(oauth.verifyCallback?.(old, settings)).toBe(false);
  });

  it('refuses a code sent back from another shop than the one the seller named', async () => {
    const back = new URL(shopify.approve(oauth.authorizeUrl({ state: 'state-123456789012345', redirectUri: REDIRECT, codeChallenge: 'x', fields: { shop: shopify.shop } }, settings)));
    const query = Object.fromEntries(back.searchParams.entries());
    await expect(oauth.exchange({ code: query['code'] ?? '', redirectUri: REDIRECT, codeVerifier: '', fields: { shop: 'other.myshopify.com' }, query }, http, settings)).rejects.toThrow(StoreRefusedError);
  });

  it('imports the paid unfulfilled orders across pages, a multi-item order as one order with all its items', async () => {
    const account = await connect();
    // A Plus shop's refill (1,000 points a second): a standard shop's makes the second page wait over a second.
    shopify.restoreRate = 1_000;
    for (let i = 0; i < SHOPIFY_PAGE_SIZE + 3; i++) shopify.addOrder({ items: [{ sku: `SKU-${i}`, quantity: 1 }] });
    shopify.addOrder({ financialStatus: 'pending', items: [{ sku: 'UNPAID', quantity: 1 }] });
    shopify.addOrder({ shipping: null, items: [{ sku: 'GIFT-CARD', quantity: 1, requiresShipping: false }] });
    const multi = shopify.addOrder({
      shipping: { first_name: 'Ann', last_name: 'Lee', address1: '1 Main St', address2: 'Apt 2', city: 'Austin', province_code: 'TX', zip: '78701' },
      items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }, { sku: 'TEE-1', name: 'Tee', quantity: 3 }, { sku: 'EBOOK', quantity: 1, requiresShipping: false }],
    });
    const { orders, cursor } = await importAll(account, null, settings);
    expect(orders).toHaveLength(SHOPIFY_PAGE_SIZE + 4);
    expect(orders.find((order) => order.externalId === multi.id)).toEqual({
      externalId: multi.id,
      orderNumber: multi.name,
      placedAt: new Date(multi.createdAt).toISOString(),
      modifiedAt: new Date(multi.updatedAt).toISOString(),
      receiver: {
        receiver_name: 'Ann Lee',
        receiver_company: null,
        receiver_phone: '+14155550100',
        receiver_address1: '1 Main St',
        receiver_address2: 'Apt 2',
        receiver_city: 'Austin',
        receiver_state_province: 'TX',
        receiver_zip_postal: '78701',
        receiver_country: 'US',
        receiver_email: 'jane@example.com',
      },
      items: [
        { sku: 'MUG-1', name: 'Mug', quantity: 2 },
        { sku: 'TEE-1', name: 'Tee', quantity: 3 },
      ],
    });
    const pages = shopify.requests.filter((request) => request.operation === 'LabelDeskOrders');
    expect(pages).toHaveLength(2);
    expect(cursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await importAll(account, cursor, settings);
    expect((shopify.requests.at(-1)?.body as { variables: { query: string } }).variables.query).toBe(`financial_status:paid fulfillment_status:unfulfilled status:open updated_at:>='${cursor}'`);
  });

  it('waits out THROTTLED answers by their throttleStatus and carries on', async () => {
    const account = await connect();
    shopify.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    shopify.throttled = 2;
    expect((await importAll(account, null, settings)).orders).toHaveLength(1);
    expect(shopify.requests.filter((request) => request.operation === 'LabelDeskOrders')).toHaveLength(3);
  });

  it('writes back a fulfillment of the open fulfillment orders with the tracking, telling the buyer once however often it is asked', async () => {
    const account = await connect();
    const order = shopify.addOrder({ items: [{ sku: 'A', quantity: 1 }, { sku: 'B', quantity: 2 }] });
    const fulfilment = { externalId: order.id, orderNumber: order.name, courier: 'USPS', trackingNumber: '9400100000000000000001', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001' };
    await shopifyPlugin.writeBack(account, fulfilment, http, settings);
    await shopifyPlugin.writeBack(account, fulfilment, http, settings);
    expect(shopify.order(order.id)?.fulfillments).toEqual([
      { id: expect.any(String), fulfillmentOrderIds: [order.fulfillmentOrders[0]?.id], trackingInfo: { company: 'USPS', number: fulfilment.trackingNumber, url: fulfilment.trackingUrl }, notifyCustomer: true, status: 'SUCCESS' },
    ]);
    expect(shopify.order(order.id)?.notifications).toHaveLength(1);
  });

  it('cancels the fulfillment carrying a voided label\'s tracking once however often asked, and the order is to be fulfilled again', async () => {
    const account = await connect();
    const order = shopify.addOrder({ items: [{ sku: 'A', quantity: 2 }] });
    const fulfilment = { externalId: order.id, orderNumber: order.name, courier: 'USPS', trackingNumber: '9400100000000000000002', trackingUrl: null };
    await shopifyPlugin.writeBack(account, fulfilment, http, settings);
    await shopifyPlugin.cancelWriteBack(account, fulfilment, http, settings);
    await shopifyPlugin.cancelWriteBack(account, fulfilment, http, settings);
    expect(shopify.requests.filter((request) => request.operation === 'LabelDeskFulfillmentCancel')).toHaveLength(1);
    expect(shopify.order(order.id)?.fulfillments.map((done) => done.status)).toEqual(['CANCELLED']);
    expect((await importAll(account, null, settings)).orders.map((imported) => [imported.externalId, imported.items])).toEqual([[order.id, [{ sku: 'A', name: 'A', quantity: 2 }]]]);

    const again = { ...fulfilment, trackingNumber: '9400100000000000000003' };
    await shopifyPlugin.writeBack(account, again, http, settings);
    expect(shopify.order(order.id)?.fulfillments.map((done) => [done.status, done.trackingInfo.number])).toEqual([
      ['CANCELLED', fulfilment.trackingNumber],
      ['SUCCESS', again.trackingNumber],
    ]);
  });

  it('says why when Shopify refuses to cancel a fulfillment', async () => {
    const account = await connect();
    const order = shopify.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const fulfilment = { externalId: order.id, orderNumber: order.name, courier: 'USPS', trackingNumber: '9400100000000000000004', trackingUrl: null };
    await shopifyPlugin.writeBack(account, fulfilment, http, settings);
    shopify.down = true;
    await expect(shopifyPlugin.cancelWriteBack(account, fulfilment, http, settings)).rejects.toThrow('Shopify answered 503');
    shopify.down = false;
    await shopifyPlugin.cancelWriteBack(account, fulfilment, http, settings);
    expect(shopify.order(order.id)?.fulfillments.map((done) => done.status)).toEqual(['CANCELLED']);
  });

  it('says a revoked token is no longer accepted, so the seller is asked to reconnect', async () => {
    const account = await connect();
    shopify.revokeTokens();
    await expect(importAll(account, null, settings)).rejects.toThrow(StoreAuthorizationError);
    await expect(importAll(account, null, settings)).rejects.toThrow("Shopify no longer accepts this store's access token ([API] Invalid API key or access token (unrecognized login or wrong password))");
  });

  it('reads an orders/create webhook signed with the app\'s secret, and refuses one signed otherwise', () => {
    const webhook = shopifyPlugin.webhook;
    const order = shopify.addOrder({ items: [{ sku: 'MUG-1', quantity: 2 }, { sku: 'TEE-1', quantity: 1 }] });
    const push = shopify.ordersCreateWebhook(order);
    expect(webhook.storeKeyOf(push.body, push.headers)).toBe(shopify.shop);
    expect(webhook.verify(push.body, push.headers, null, settings)).toBe(true);
    expect(webhook.verify(`${push.body} `, push.headers, null, settings)).toBe(false);
    const forged = shopify.ordersCreateWebhook(order, 'not the secret');
    expect(webhook.verify(forged.body, forged.headers, null, settings)).toBe(false);
    expect(webhook.parse(push.body, push.headers)).toMatchObject({ externalId: order.id, orderNumber: order.name, items: [{ sku: 'MUG-1', name: 'MUG-1', quantity: 2 }, { sku: 'TEE-1', name: 'TEE-1', quantity: 1 }] });
    expect(webhook.parse(push.body, { ...push.headers, 'x-shopify-topic': 'orders/updated' })).toBeNull();
  });
});
