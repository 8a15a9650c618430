import { FakeAmazonServer } from '@labeldesk/testing';
import { z } from 'zod';
import { storeHttp } from '../http/store-http';
import { annLeeReceiver, ANN_LEE, importAllFrom } from '../../../test/support/store-imports';
import { StoreAuthorizationError, type ConnectedAccount, type Fulfilment, type StoreAccount, type StoreOAuth } from '../plugin/store-plugin';
import type { AmazonCredentials } from './amazon-connect';
import type { AmazonSettings } from './amazon-settings';
import { packageReferenceOf } from './amazon-writeback';
import { amazonPlugin, A_TO_Z_NOTICE } from './amazon.plugin';

const oauth = amazonPlugin.oauth as StoreOAuth<AmazonCredentials, AmazonSettings>;
const fieldsOf = (input: unknown): AmazonCredentials => amazonPlugin.credentials.parse(input);
const authorize = (fields: AmazonCredentials, state: string, settings: AmazonSettings) => oauth.authorizeUrl({ state, redirectUri: REDIRECT_URI, codeChallenge: 'unused-by-amazon', fields }, settings);
const exchange = (fields: AmazonCredentials, query: Record<string, string>, settings: AmazonSettings) =>
  oauth.exchange({ code: query['spapi_oauth_code'] ?? '', redirectUri: REDIRECT_URI, codeVerifier: 'unused-by-amazon', fields, query }, http, settings);
const writeBackToAmazon = (account: StoreAccount, fulfilment: Fulfilment, _http: unknown, settings: AmazonSettings) => amazonPlugin.writeBack(account, fulfilment, http, settings);

const pauses: number[] = [];
const http = storeHttp({ allowPrivate: true, timeoutMs: 60_000, tries: 3, sleep: async (ms) => void pauses.push(ms) });
const REDIRECT_URI = 'https://labeldesk.example/api/stores/callback/amazon';

const settingsOf = (amazon: FakeAmazonServer): AmazonSettings => ({
  AMAZON_APPLICATION_ID: amazon.applicationId,
  AMAZON_CLIENT_ID: amazon.lwa.clientId,
  AMAZON_CLIENT_SECRET: amazon.lwa.clientSecret,
  AMAZON_APP_DRAFT: 'true',
  AMAZON_SELLER_CENTRAL_URL: amazon.url,
  AMAZON_LWA_TOKEN_URL: `${amazon.url}/auth/o2/token`,
  AMAZON_SP_API_URL: amazon.url,
});

/** The seller approves on the consent page: Amazon redirects back with the code, their id and our state. */
const approve = async (authorizeUrl: string): Promise<Record<string, string>> => {
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return Object.fromEntries(new URL(answer.headers.get('location') ?? '').searchParams);
};

const importAll = (account: StoreAccount, cursor: string | null, settings: AmazonSettings) => importAllFrom(amazonPlugin, account, cursor, http, settings);

describe('the Amazon store plugin against the fake Amazon (SP-API models)', () => {
  let amazon: FakeAmazonServer;
  let settings: AmazonSettings;
  let account: ConnectedAccount;

  beforeEach(async () => {
    pauses.length = 0;
    amazon = await new FakeAmazonServer().start();
    amazon.redirectUris = [REDIRECT_URI];
    settings = settingsOf(amazon);
    const fields = fieldsOf({});
    const query = await approve(authorize(fields, 'state-1', settings));
    expect(query['state']).toBe('state-1');
    account = await exchange(fields, query, settings);
  });
  afterEach(async () => {
    expect(amazon.violations).toEqual([]);
    await amazon.stop();
  });

  it('connects through Seller Central\'s consent and Login with Amazon: the seller in the marketplace, tokens kept, the access token\'s hour', () => {
    const consent = amazon.requests.find((request) => request.path === '/apps/authorize/consent');
    expect(consent?.query).toEqual({ application_id: amazon.applicationId, state: 'state-1', redirect_uri: REDIRECT_URI, version: 'beta' });
    expect(amazon.requests.find((request) => request.path === '/auth/o2/token')?.body).toMatchObject({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, client_id: amazon.lwa.clientId });
    expect(account).toMatchObject({ name: `Amazon.com seller ${amazon.sellingPartnerId}`, url: amazon.url, storeKey: `${amazon.sellingPartnerId}/ATVPDKIKX0DER`.toLowerCase() });
    expect(account.secrets).toMatchObject({ selling_partner_id: amazon.sellingPartnerId, marketplace_id: 'ATVPDKIKX0DER', refresh_token: expect.stringMatching(/^Atzr\|/), access_token: expect.stringMatching(/^Atza\|/) });
    expect(Date.parse(account.expiresAt ?? '') - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('says where the seller connects that labels bought outside Amazon Buy Shipping carry no A-to-Z claim protection', () => {
    expect(amazonPlugin.connectFields.map((field) => field.hint).join(' ')).toContain(A_TO_Z_NOTICE);
    expect(A_TO_Z_NOTICE).toContain('do not carry Amazon\'s A-to-Z claim protection');
  });

  it('reads its settings from the orders environment as given, and again from their parsed values (the service parses each store\'s piece twice)', () => {
    const piece = z.object(amazonPlugin.settings ?? {});
    const once = piece.parse({ AMAZON_APP_DRAFT: '1', AMAZON_CLIENT_ID: ' amzn1.application-oa2-client.x ' });
    expect(piece.parse(once)).toEqual(once);
    expect(once).toMatchObject({ AMAZON_CLIENT_ID: 'amzn1.application-oa2-client.x', AMAZON_LWA_TOKEN_URL: 'https://api.amazon.com/auth/o2/token', AMAZON_SP_API_URL: 'https://sellingpartnerapi-na.amazon.com' });
  });

  it('cannot be connected on a server whose Amazon app is not set up, and says which settings are missing', () => {
    expect(() => authorize(fieldsOf({}), 's', { ...settings, AMAZON_CLIENT_ID: '' })).toThrow('Amazon cannot be connected on this server yet: its Selling Partner API app is not set up (AMAZON_APPLICATION_ID, AMAZON_CLIENT_ID, AMAZON_CLIENT_SECRET)');
  });

  it('refuses a marketplace outside North America before sending the seller anywhere', () => {
    expect(amazonPlugin.credentials.safeParse({ marketplace: 'DE' }).success).toBe(false);
    expect(fieldsOf({ marketplace: 'ca' })).toEqual({ marketplace: 'CA' });
    expect(fieldsOf({ marketplace: '' })).toEqual({ marketplace: 'US' });
    expect(new URL(authorize(fieldsOf({ marketplace: 'CA' }), 's', { ...settings, AMAZON_SELLER_CENTRAL_URL: undefined })).origin).toBe('https://sellercentral.amazon.ca');
  });

  it('refuses a code used twice, saying Login with Amazon refused it', async () => {
    const fields = fieldsOf({});
    const query = await approve(authorize(fields, 'state-2', settings));
    await exchange(fields, query, settings);
    await expect(exchange(fields, query, settings)).rejects.toThrow(/no longer accepts LabelDesk's authorization \(invalid_grant/);
  });

  it('imports unshipped seller-fulfilled orders across pages, a multi-item order as one order with its address from a Restricted Data Token', async () => {
    amazon.pageLimit = 2;
    for (let i = 0; i < 3; i++) amazon.addOrder({ items: [{ sku: `SKU-${i}`, quantity: 1 }] });
    amazon.addOrder({ fulfillmentChannel: 'AFN', items: [{ sku: 'FBA', quantity: 1 }] });
    amazon.addOrder({ status: 'Shipped', items: [{ sku: 'DONE', quantity: 1, shipped: 1 }] });
    const multi = amazon.addOrder({
      status: 'PartiallyShipped',
      shippingAddress: { Name: ANN_LEE.name, AddressLine1: ANN_LEE.line1, AddressLine2: ANN_LEE.line2, City: ANN_LEE.city, StateOrRegion: ANN_LEE.state, PostalCode: ANN_LEE.zip, CountryCode: 'US', Phone: '+1 512-555-0101' },
      items: [
        { sku: 'MUG-1', title: 'Mug', quantity: 2 },
        { sku: 'TEE-1', title: 'Tee', quantity: 3, shipped: 1 },
        { sku: 'CAP-1', title: 'Cap', quantity: 1, shipped: 1 },
      ],
    });
    const { orders, cursor } = await importAll(account, null, settings);
    expect(orders.map((order) => order.externalId).sort()).toEqual(amazon.orders.filter((order) => order.FulfillmentChannel === 'MFN' && order.OrderStatus !== 'Shipped').map((order) => order.AmazonOrderId).sort());
    expect(orders.find((order) => order.externalId === multi.AmazonOrderId)).toEqual({
      externalId: multi.AmazonOrderId,
      orderNumber: multi.AmazonOrderId,
      placedAt: new Date(multi.PurchaseDate).toISOString(),
      modifiedAt: new Date(multi.LastUpdateDate).toISOString(),
      // Amazon's relay e-mail is not kept: Amazon tells the buyer of the shipment itself.
      receiver: annLeeReceiver('+1 512-555-0101', null),
      items: [
        { sku: 'MUG-1', name: 'Mug', quantity: 2 },
        { sku: 'TEE-1', name: 'Tee', quantity: 2 },
      ],
    });
    const listed = amazon.requests.filter((request) => request.path === '/orders/v0/orders');
    expect(listed.map((request) => request.query['NextToken'] === undefined)).toEqual([true, false]);
    expect(listed[0]?.query).toMatchObject({ MarketplaceIds: 'ATVPDKIKX0DER', OrderStatuses: 'Unshipped,PartiallyShipped', FulfillmentChannels: 'MFN', MaxResultsPerPage: '100' });
    expect(amazon.requests.filter((request) => request.path.endsWith('/restrictedDataToken'))).toHaveLength(1);
    expect(cursor).not.toBeNull();
  });

  it('asks again only for orders changed since its cursor, so a re-import adds nothing new', async () => {
    amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const first = await importAll(account, null, settings);
    const before = amazon.requests.length;
    const again = await importAll(account, first.cursor, settings);
    expect(amazon.requests.slice(before).find((request) => request.path === '/orders/v0/orders')?.query['LastUpdatedAfter']).toBe(first.cursor);
    expect(again.orders.map((order) => order.externalId)).toEqual(first.orders.map((order) => order.externalId));
  });

  it('leaves out an order without a shipping address, without asking for its items', async () => {
    const order = amazon.addOrder({ shippingAddress: null, items: [{ sku: 'A', quantity: 1 }] });
    expect((await importAll(account, null, settings)).orders).toEqual([]);
    expect(amazon.requests.some((request) => request.path.includes(order.AmazonOrderId))).toBe(false);
  });

  it('waits out a 429 with the shared doubling pause and carries on', async () => {
    amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    amazon.rateLimited = 2;
    expect((await importAll(account, null, settings)).orders).toHaveLength(1);
    expect(pauses).toEqual([1_000, 2_000]);
  });

  it('fails an import Amazon keeps refusing with 429, saying its rate from x-amzn-RateLimit-Limit', async () => {
    amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    await importAll(account, null, settings);
    amazon.usagePlans.spend('getOrders');
    await expect(importAll(account, null, settings)).rejects.toThrow('Amazon is limiting LabelDesk\'s calls to getOrders (one every 60 s): tried again later');
    expect(pauses).toEqual([1_000, 2_000]);
  });

  it('renews an expired access token with the refresh token and carries on', async () => {
    amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    amazon.lwa.expireAccessTokens();
    expect((await importAll(account, null, settings)).orders).toHaveLength(1);
    expect(amazon.requests.filter((request) => request.path === '/auth/o2/token').map((request) => (request.body as Record<string, string>)['grant_type'])).toEqual(['authorization_code', 'refresh_token']);
    const refreshed = await (oauth.refresh as NonNullable<typeof oauth.refresh>)(account, http, settings);
    expect(refreshed.secrets).toMatchObject({ refresh_token: account.secrets['refresh_token'], selling_partner_id: amazon.sellingPartnerId });
    expect(refreshed.secrets['access_token']).not.toBe(account.secrets['access_token']);
  });

  it('refuses as an authorization error (the connection says to reconnect) once the seller removed the app in Seller Central', async () => {
    amazon.lwa.revoke(amazon.sellingPartnerId);
    amazon.lwa.expireAccessTokens();
    await expect(importAll(account, null, settings)).rejects.toThrow(StoreAuthorizationError);
    await expect(importAll(account, null, settings)).rejects.toThrow('Amazon no longer accepts LabelDesk\'s authorization (invalid_grant: The request has an invalid grant parameter : refresh_token)');
  });

  it('confirms the shipment once with every unit still to ship, even when the write-back is sent again', async () => {
    const order = amazon.addOrder({ status: 'PartiallyShipped', items: [{ sku: 'MUG-1', quantity: 2 }, { sku: 'TEE-1', quantity: 3, shipped: 1 }] });
    const fulfilment: Fulfilment = { externalId: order.AmazonOrderId, orderNumber: order.AmazonOrderId, courier: 'USPS', trackingNumber: '9400100000000000000001', trackingUrl: null };
    await writeBackToAmazon(account, fulfilment, http, settings);
    await writeBackToAmazon(account, fulfilment, http, settings);
    expect(amazon.confirmations).toEqual([
      {
        amazonOrderId: order.AmazonOrderId,
        packageDetail: {
          packageReferenceId: packageReferenceOf('9400100000000000000001'),
          carrierCode: 'USPS',
          trackingNumber: '9400100000000000000001',
          shipDate: expect.any(String),
          orderItems: [
            { orderItemId: order.items[0]?.OrderItemId, quantity: 2 },
            { orderItemId: order.items[1]?.OrderItemId, quantity: 2 },
          ],
        },
      },
    ]);
    expect(amazon.order(order.AmazonOrderId)?.OrderStatus).toBe('Shipped');
  });

  it('names a courier Amazon has no code for as Other with its name', async () => {
    const order = amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    await writeBackToAmazon(account, { externalId: order.AmazonOrderId, orderNumber: order.AmazonOrderId, courier: 'Asendia', trackingNumber: 'AS123', trackingUrl: null }, http, settings);
    expect(amazon.confirmations[0]?.packageDetail).toMatchObject({ carrierCode: 'Other', carrierName: 'Asendia' });
  });

  it('fails a write-back while Amazon is down, saying what it answered', async () => {
    const order = amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    amazon.down = true;
    await expect(writeBackToAmazon(account, { externalId: order.AmazonOrderId, orderNumber: order.AmazonOrderId, courier: 'USPS', trackingNumber: '1', trackingUrl: null }, http, settings)).rejects.toThrow(
      'Amazon answered 503 to getOrder: Service temporarily unavailable. Please try again later.',
    );
  });
});
