import { createHash, randomBytes } from 'node:crypto';
import { FakeEtsyServer } from '@labeldesk/testing';
import { storeHttp } from '../http/store-http';
import { ANN_LEE, annLeeReceiver, importAllFrom } from '../../../test/support/store-imports';
import { StoreAuthorizationError, type ConnectedAccount, type StoreAccount } from '../plugin/store-plugin';
import { ETSY_PAGE_SIZE } from './etsy-import';
import { etsyPlugin } from './etsy.plugin';
import type { EtsySettings } from './etsy-settings';

const http = storeHttp({ allowPrivate: true, timeoutMs: 60_000, tries: 3, sleep: async () => undefined });
const CALLBACK = 'https://labeldesk.example/api/stores/callback/etsy';
const fulfilment = (receiptId: number) => ({ externalId: String(receiptId), orderNumber: String(receiptId), courier: 'USPS', trackingNumber: '9400100000000000000001', trackingUrl: null });

describe('the Etsy store plugin against the fake Etsy', () => {
  let etsy: FakeEtsyServer;
  let settings: EtsySettings;
  let account: ConnectedAccount;
  const oauth = etsyPlugin.oauth;

  const importAll = (from: StoreAccount, cursor: string | null) => importAllFrom(etsyPlugin, from, cursor, http, settings);

  /** The seller follows the authorize URL (with the pending connection's PKCE challenge), grants access, and comes back. */
  const connect = async (): Promise<ConnectedAccount> => {
    const codeVerifier = randomBytes(32).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const consent = await fetch(oauth.authorizeUrl({ state: 'state-1', redirectUri: CALLBACK, codeChallenge, fields: {} }, settings), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('state-1');
    const query = Object.fromEntries(back.searchParams.entries());
    return oauth.exchange({ code: query['code'] ?? '', redirectUri: CALLBACK, codeVerifier, fields: {}, query }, http, settings);
  };

  beforeEach(async () => {
    etsy = await new FakeEtsyServer().start();
    etsy.redirectUri = CALLBACK;
    settings = { ETSY_KEYSTRING: etsy.keystring, ETSY_SHARED_SECRET: etsy.sharedSecret, ETSY_CONNECT_URL: `${etsy.url}/oauth/connect`, ETSY_API_URL: etsy.url };
    account = await connect();
  });
  afterEach(async () => {
    expect(etsy.violations).toEqual([]);
    await etsy.stop();
  });

  it('connects through Etsy\'s consent with PKCE: the shop named and keyed by its id, tokens kept with an hour\'s expiry', () => {
    expect(account).toMatchObject({ name: `Etsy shop ${etsy.shopName}`, url: etsy.url, storeKey: String(etsy.shopId), secrets: { shop_id: String(etsy.shopId), user_id: String(etsy.userId) } });
    expect(Date.parse(account.expiresAt ?? '') - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('is refused a code without the verifier it was bound to, and cannot be connected without the app set up', async () => {
    const consent = await fetch(oauth.authorizeUrl({ state: 's', redirectUri: CALLBACK, codeChallenge: 'x'.repeat(43), fields: {} }, settings), { redirect: 'manual' });
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
    await expect(oauth.exchange({ code, redirectUri: CALLBACK, codeVerifier: 'y'.repeat(43), fields: {}, query: {} }, http, settings)).rejects.toThrow('Etsy refused the sign-in: invalid_grant: code_verifier is invalid');
    expect(() => oauth.authorizeUrl({ state: 's', redirectUri: CALLBACK, codeChallenge: 'c', fields: {} }, { ...settings, ETSY_SHARED_SECRET: '' })).toThrow('Etsy cannot be connected on this server yet');
  });

  it('imports every paid unshipped receipt across pages, a multi-item receipt as one order with its address, downloads left out', async () => {
    for (let i = 0; i < ETSY_PAGE_SIZE + 2; i++) etsy.addReceipt({ items: [{ sku: `SKU-${i}`, quantity: 1 }] });
    etsy.addReceipt({ paid: false, items: [{ sku: 'UNPAID', quantity: 1 }] });
    etsy.addReceipt({ items: [{ sku: 'PATTERN-PDF', quantity: 1, digital: true }] });
    const multi = etsy.addReceipt({
      address: { name: ANN_LEE.name, first_line: ANN_LEE.line1, second_line: ANN_LEE.line2, city: ANN_LEE.city, state: ANN_LEE.state, zip: ANN_LEE.zip },
      items: [{ sku: 'MUG-1', title: 'Mug', quantity: 2 }, { sku: 'TEE-1', title: 'Tee', quantity: 3 }, { sku: 'CARD-PDF', quantity: 1, digital: true }],
    });
    const { orders, cursor } = await importAll(account, null);
    expect(orders).toHaveLength(ETSY_PAGE_SIZE + 3);
    expect(orders.find((order) => order.externalId === String(multi.receipt_id))).toEqual({
      externalId: String(multi.receipt_id),
      orderNumber: String(multi.receipt_id),
      placedAt: new Date(multi.created_timestamp * 1000).toISOString(),
      modifiedAt: new Date(multi.updated_timestamp * 1000).toISOString(),
      receiver: annLeeReceiver(null, 'jane.buyer@example.com'),
      items: [
        { sku: 'MUG-1', name: 'Mug', quantity: 2 },
        { sku: 'TEE-1', name: 'Tee', quantity: 3 },
      ],
    });
    const listed = etsy.requests.filter((request) => request.path.endsWith('/receipts'));
    expect(listed.map((request) => [request.query['offset'], request.query['limit'], request.query['was_paid'], request.query['was_shipped']])).toEqual([
      ['0', '100', 'true', 'false'],
      ['100', '100', 'true', 'false'],
    ]);
    expect(listed.every((request) => request.headers['x-api-key'] === `${etsy.keystring}:${etsy.sharedSecret}`)).toBe(true);
    expect(cursor).not.toBeNull();
  });

  it('imports again only receipts changed since its cursor', async () => {
    const old = etsy.addReceipt({ items: [{ sku: 'OLD', quantity: 1 }] });
    old.update_timestamp = old.updated_timestamp = Math.floor(Date.now() / 1000) - 86_400;
    etsy.addReceipt({ items: [{ sku: 'NEW', quantity: 1 }] });
    const first = await importAll(account, null);
    expect(first.orders).toHaveLength(2);
    const again = await importAll(account, first.cursor);
    expect(again.orders.map((order) => order.items[0]?.sku)).toEqual(['NEW']);
    expect(etsy.requests.at(-1)?.query['min_last_modified']).toBe(String(Math.floor(Date.parse(first.cursor ?? '') / 1000)));
  });

  it('waits out a 429 and carries on', async () => {
    etsy.addReceipt({ items: [{ sku: 'A', quantity: 1 }] });
    etsy.rateLimited = 2;
    expect((await importAll(account, null)).orders).toHaveLength(1);
  });

  it('writes back the tracking code and carrier once: a retry does not e-mail the buyer again', async () => {
    const receipt = etsy.addReceipt({ items: [{ sku: 'MUG', quantity: 1 }] });
    await etsyPlugin.writeBack(account, fulfilment(receipt.receipt_id), http, settings);
    await etsyPlugin.writeBack(account, fulfilment(receipt.receipt_id), http, settings);
    expect(receipt).toMatchObject({ is_shipped: true, shipments: [{ tracking_code: '9400100000000000000001', carrier_name: 'usps' }] });
    expect(etsy.notifications.get(receipt.receipt_id)).toBe(1);
  });

  it('fails a write-back while Etsy is down, saying what it answered', async () => {
    const receipt = etsy.addReceipt({ items: [{ sku: 'A', quantity: 1 }] });
    etsy.down = true;
    await expect(etsyPlugin.writeBack(account, fulfilment(receipt.receipt_id), http, settings)).rejects.toThrow('Etsy answered 503: Service Unavailable');
  });

  it('refreshes an expired access token: the new pair reads receipts, the old access token no longer does', async () => {
    etsy.addReceipt({ items: [{ sku: 'A', quantity: 1 }] });
    etsy.grants.expireAccessTokens();
    const refresh = oauth.refresh;
    const refreshed = await refresh(account, http, settings);
    expect(refreshed.secrets['refresh_token']).not.toBe(account.secrets['refresh_token']);
    expect(Date.parse(refreshed.expiresAt ?? '') - Date.now()).toBeGreaterThan(3_500_000);
    expect((await importAll({ url: account.url, secrets: refreshed.secrets }, null)).orders).toHaveLength(1);
    await expect(importAll(account, null)).rejects.toThrow(StoreAuthorizationError);
  });

  it('says to reconnect once the seller revoked the app: the refresh is refused, and so is the last access token', async () => {
    etsy.grants.revokeAll();
    const refresh = oauth.refresh;
    await expect(refresh(account, http, settings)).rejects.toThrow(
      new StoreAuthorizationError("Etsy no longer accepts LabelDesk's authorization (invalid_grant: refresh_token is invalid, expired or revoked)"),
    );
    await expect(importAll(account, null)).rejects.toThrow("Etsy refused LabelDesk's access token (invalid_token)");
  });
});
