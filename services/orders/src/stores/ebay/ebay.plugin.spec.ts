import { FakeEbayServer } from '@labeldesk/testing';
import { storeHttp } from '../http/store-http';
import { ANN_LEE, annLeeReceiver, importAllFrom } from '../../../test/support/store-imports';
import { StoreAuthorizationError, type ConnectedAccount, type StoreAccount } from '../plugin/store-plugin';
import { EBAY_PAGE_SIZE } from './ebay-import';
import { ebayPlugin } from './ebay.plugin';
import type { EbaySettings } from './ebay-settings';

const http = storeHttp({ allowPrivate: true, timeoutMs: 60_000, tries: 3, sleep: async () => undefined });
const fulfilment = (externalId: string) => ({ externalId, orderNumber: externalId, courier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 01', trackingUrl: null });

describe('the eBay store plugin against the fake eBay', () => {
  let ebay: FakeEbayServer;
  let settings: EbaySettings;
  let account: ConnectedAccount;
  const oauth = ebayPlugin.oauth;

  const importAll = (from: StoreAccount, cursor: string | null) => importAllFrom(ebayPlugin, from, cursor, http);

  /** The seller follows the authorize URL, consents, and comes back to the callback with eBay's code. */
  const connect = async (): Promise<ConnectedAccount> => {
    const consent = await fetch(oauth.authorizeUrl({ state: 'state-1', redirectUri: 'https://labeldesk.example/api/stores/callback/ebay', codeChallenge: 'unused', fields: {} }, settings), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('state-1');
    const query = Object.fromEntries(back.searchParams.entries());
    return oauth.exchange({ code: query['code'] ?? '', redirectUri: ebay.acceptUrl, codeVerifier: 'unused', fields: {}, query }, http, settings);
  };

  beforeEach(async () => {
    ebay = await new FakeEbayServer().start();
    ebay.acceptUrl = 'https://labeldesk.example/api/stores/callback/ebay';
    settings = { EBAY_CLIENT_ID: ebay.clientId, EBAY_CLIENT_SECRET: ebay.clientSecret, EBAY_RU_NAME: ebay.ruName, EBAY_AUTH_URL: ebay.url, EBAY_API_URL: ebay.url, EBAY_IDENTITY_URL: ebay.url };
    account = await connect();
  });
  afterEach(async () => {
    expect(ebay.violations).toEqual([]);
    await ebay.stop();
  });

  it('connects through eBay\'s consent: the seller\'s account named and keyed by their user id, tokens kept with a two-hour expiry', () => {
    expect(account).toMatchObject({ name: `eBay seller ${ebay.sellerId}`, url: ebay.url, storeKey: ebay.sellerUserId.toLowerCase(), secrets: { user_id: ebay.sellerUserId } });
    expect(account.secrets['refresh_token']).toMatch(/^v\^1\.1#/);
    expect(Date.parse(account.expiresAt ?? '') - Date.now()).toBeGreaterThan(7_100_000);
  });

  it('asks for the sell.fulfillment scope with the RuName as redirect_uri, and no connection without the app set up', () => {
    const url = new URL(oauth.authorizeUrl({ state: 's', redirectUri: 'x', codeChallenge: 'c', fields: {} }, settings));
    expect(url.searchParams.get('redirect_uri')).toBe(ebay.ruName);
    expect(url.searchParams.get('scope')?.split(' ')).toContain('https://api.ebay.com/oauth/api_scope/sell.fulfillment');
    expect(() => oauth.authorizeUrl({ state: 's', redirectUri: 'x', codeChallenge: 'c', fields: {} }, { ...settings, EBAY_RU_NAME: '' })).toThrow('eBay cannot be connected on this server yet');
  });

  it('imports every order awaiting shipment across pages, a multi-item order as one order with its ship-to address', async () => {
    for (let i = 0; i < EBAY_PAGE_SIZE + 3; i++) ebay.addOrder({ items: [{ sku: `SKU-${i}`, quantity: 1 }] });
    const multi = ebay.addOrder({
      shipTo: { fullName: ANN_LEE.name, contactAddress: { addressLine1: ANN_LEE.line1, addressLine2: ANN_LEE.line2, city: ANN_LEE.city, stateOrProvince: ANN_LEE.state, postalCode: ANN_LEE.zip } },
      items: [{ sku: 'MUG-1', title: 'Mug', quantity: 2 }, { sku: 'TEE-1', title: 'Tee', quantity: 3 }],
    });
    const { orders, cursor } = await importAll(account, null);
    expect(orders).toHaveLength(EBAY_PAGE_SIZE + 4);
    expect(orders.find((order) => order.externalId === multi.orderId)).toEqual({
      externalId: multi.orderId,
      orderNumber: multi.orderId,
      placedAt: multi.creationDate,
      modifiedAt: multi.lastModifiedDate,
      receiver: annLeeReceiver('4085550100', 'jane.buyer@example.com'),
      items: [
        { sku: 'MUG-1', name: 'Mug', quantity: 2 },
        { sku: 'TEE-1', name: 'Tee', quantity: 3 },
      ],
    });
    const listed = ebay.requests.filter((request) => request.path === '/sell/fulfillment/v1/order');
    expect(listed.map((request) => [request.query['offset'], request.query['limit']])).toEqual([['0', '200'], ['200', '200']]);
    expect(listed[0]?.query['filter']).toBe('orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}');
    expect(cursor).not.toBeNull();
  });

  it('imports again only orders modified since its cursor', async () => {
    const old = ebay.addOrder({ items: [{ sku: 'OLD', quantity: 1 }] });
    old.lastModifiedDate = new Date(Date.now() - 86_400_000).toISOString();
    ebay.addOrder({ items: [{ sku: 'NEW', quantity: 1 }] });
    const first = await importAll(account, null);
    expect(first.orders).toHaveLength(2);
    const again = await importAll(account, first.cursor);
    expect(again.orders.map((order) => order.items[0]?.sku)).toEqual(['NEW']);
    expect(ebay.requests.at(-1)?.query['filter']).toBe(`orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS},lastmodifieddate:[${first.cursor}..]`);
  });

  it('leaves out orders not paid or cancelled, and line items already shipped', async () => {
    ebay.addOrder({ paymentStatus: 'PENDING', items: [{ sku: 'UNPAID', quantity: 1 }] });
    ebay.addOrder({ cancelState: 'CANCELED', items: [{ sku: 'CANCELLED', quantity: 1 }] });
    const partly = ebay.addOrder({ items: [{ sku: 'SENT', quantity: 1 }, { sku: 'LEFT', quantity: 1 }] });
    const sent = partly.lineItems[0];
    if (sent) sent.lineItemFulfillmentStatus = 'FULFILLED';
    partly.orderFulfillmentStatus = 'IN_PROGRESS';
    const { orders } = await importAll(account, null);
    expect(orders.map((order) => order.items.map((item) => item.sku))).toEqual([['LEFT']]);
  });

  it('waits out a 429 and carries on', async () => {
    ebay.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    ebay.rateLimited = 2;
    expect((await importAll(account, null)).orders).toHaveLength(1);
  });

  it('writes back one shipping fulfillment with every line item, the carrier code and the tracking number, and a retry adds none', async () => {
    const order = ebay.addOrder({ items: [{ sku: 'MUG', quantity: 2 }, { sku: 'TEE', quantity: 1 }] });
    await ebayPlugin.writeBack(account, fulfilment(order.orderId), http);
    await ebayPlugin.writeBack(account, fulfilment(order.orderId), http);
    expect(order.fulfillments).toEqual([
      {
        fulfillmentId: '9400100000000000000001',
        lineItems: order.lineItems.map((item) => ({ lineItemId: item.lineItemId, quantity: item.quantity })),
        shipmentTrackingNumber: '9400100000000000000001',
        shippingCarrierCode: 'USPS',
        shippedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    expect(order.orderFulfillmentStatus).toBe('FULFILLED');
    expect(ebay.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/shipping_fulfillment'))).toHaveLength(1);
  });

  it('fails a write-back while eBay is down, saying what it answered', async () => {
    const order = ebay.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    ebay.down = true;
    await expect(ebayPlugin.writeBack(account, fulfilment(order.orderId), http)).rejects.toThrow(
      'eBay answered 503: There was a problem with an eBay internal system or process. Contact eBay developer support for assistance. (2003)',
    );
  });

  it('refreshes an expired access token: the new one reads orders, the old one no longer does, the refresh token stays', async () => {
    ebay.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    ebay.grants.expireAccessTokens();
    const refresh = oauth.refresh;
    const refreshed = await refresh({ url: account.url, secrets: account.secrets }, http, settings);
    const next = { url: account.url, secrets: refreshed.secrets };
    expect(next.secrets['access_token']).not.toBe(account.secrets['access_token']);
    expect(next.secrets['refresh_token']).toBe(account.secrets['refresh_token']);
    expect((await importAll(next, null)).orders).toHaveLength(1);
    await expect(importAll(account, null)).rejects.toThrow(StoreAuthorizationError);
  });

  it('says to reconnect once the seller revoked the app: the refresh is refused, and so is the last access token', async () => {
    ebay.grants.revokeAll();
    const refresh = oauth.refresh;
    await expect(refresh(account, http, settings)).rejects.toThrow(
      new StoreAuthorizationError("eBay no longer accepts LabelDesk's authorization (invalid_grant: the provided authorization refresh token is invalid or was issued to another client)"),
    );
    await expect(importAll(account, null)).rejects.toThrow("eBay refused LabelDesk's access token (Invalid access token (1001))");
  });
});
