import { createHash, randomBytes } from 'node:crypto';
import { FakeEtsyServer } from './fake-etsy.server';

describe('FakeEtsyServer', () => {
  let etsy: FakeEtsyServer;
  let token: string;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  const consent = async (query: Record<string, string> = {}) => {
    const search = new URLSearchParams({ response_type: 'code', client_id: etsy.keystring, redirect_uri: etsy.redirectUri, scope: 'transactions_r transactions_w shops_r', state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256', ...query });
    return new URL((await fetch(`${etsy.url}/oauth/connect?${search.toString()}`, { redirect: 'manual' })).headers.get('location') ?? '');
  };
  const tokenCall = (form: Record<string, string>) =>
    fetch(`${etsy.url}/v3/public/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const exchange = async (code: string, codeVerifier = verifier) => tokenCall({ grant_type: 'authorization_code', client_id: etsy.keystring, redirect_uri: etsy.redirectUri, code, code_verifier: codeVerifier });
  const api = (path: string, init: RequestInit = {}, apiKey = `${etsy.keystring}:${etsy.sharedSecret}`) =>
    fetch(`${etsy.url}/v3/application${path}`, { ...init, headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}`, ...init.headers } });
  const ship = (receiptId: number, form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    api(`/shops/${etsy.shopId}/receipts/${receiptId}/tracking`, { method: 'POST', headers: { 'content-type': contentType }, body: contentType.includes('json') ? JSON.stringify(form) : new URLSearchParams(form).toString() });

  beforeEach(async () => {
    etsy = await new FakeEtsyServer().start();
    etsy.redirectUri = 'https://labeldesk.example/api/stores/callback/x';
    token = ((await (await exchange((await consent()).searchParams.get('code') ?? '')).json()) as { access_token: string }).access_token;
  });
  afterEach(() => etsy.stop());

  it('sends the seller back with a code and the state, and trades the code for Bearer tokens only with the PKCE verifier', async () => {
    const back = await consent();
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';
    expect(await (await exchange(code, 'wrong-verifier')).json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifier is invalid' });
    const other = (await consent()).searchParams.get('code') ?? '';
    const tokens = (await (await exchange(other)).json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(String(tokens['access_token'])).toMatch(new RegExp(`^${etsy.userId}\\.`));
  });

  it('sends the seller back with invalid_request when PKCE is missing', async () => {
    const back = await consent({ code_challenge_method: 'plain' });
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(etsy.violations).toHaveLength(1);
  });

  it('rotates the refresh token, and refuses every token once the seller revoked the app', async () => {
    const tokens = (await (await exchange((await consent()).searchParams.get('code') ?? '')).json()) as { refresh_token: string };
    const refreshed = (await (await tokenCall({ grant_type: 'refresh_token', client_id: etsy.keystring, refresh_token: tokens.refresh_token })).json()) as { refresh_token: string };
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await tokenCall({ grant_type: 'refresh_token', client_id: etsy.keystring, refresh_token: tokens.refresh_token })).status).toBe(400);
    etsy.grants.revokeAll();
    expect(await (await tokenCall({ grant_type: 'refresh_token', client_id: etsy.keystring, refresh_token: refreshed.refresh_token })).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await api('/users/me')).status).toBe(401);
  });

  it('refuses an x-api-key without the shared secret, as Etsy has since February 2026', async () => {
    const answer = await api('/users/me', {}, etsy.keystring);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: 'Shared secret is required in x-api-key header.' });
    expect(await (await api('/users/me')).json()).toEqual({ user_id: etsy.userId, shop_id: etsy.shopId });
  });

  it('lists paid unshipped receipts changed since a time, paged, and refuses a limit over 100', async () => {
    etsy.addReceipt({ items: [{ sku: 'MUG', quantity: 2 }, { sku: 'TEE', quantity: 1 }] });
    etsy.addReceipt({ paid: false, items: [{ sku: 'UNPAID', quantity: 1 }] });
    etsy.addReceipt({ items: [{ sku: 'CARD', quantity: 1 }] });
    const query = (extra: Record<string, string>) => new URLSearchParams({ was_paid: 'true', was_shipped: 'false', min_last_modified: String(Math.floor(Date.now() / 1000) - 60), ...extra }).toString();
    const page = (await (await api(`/shops/${etsy.shopId}/receipts?${query({ limit: '1', offset: '1' })}`)).json()) as { count: number; results: Array<{ receipt_id: number }> };
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    expect((await api(`/shops/${etsy.shopId}/receipts?${query({ limit: '101' })}`)).status).toBe(400);
    expect(etsy.violations.map((violation) => violation.errors[0]?.at)).toEqual(['limit']);
  });

  it('adds a shipment from a form, ships the receipt and e-mails the buyer each time; a JSON body or a field of the wrong type is refused', async () => {
    const receipt = etsy.addReceipt({ items: [{ sku: 'MUG', quantity: 1 }] });
    expect((await ship(receipt.receipt_id, { tracking_code: '9400100000000000000001', carrier_name: 'usps' }, 'application/json')).status).toBe(400);
    expect((await ship(receipt.receipt_id, { tracking_code: '9400100000000000000001', carrier_name: 'usps', send_bcc: 'maybe' })).status).toBe(400);
    const shipped = await ship(receipt.receipt_id, { tracking_code: '9400100000000000000001', carrier_name: 'usps' });
    expect(shipped.status).toBe(200);
    expect(await shipped.json()).toMatchObject({ is_shipped: true, shipments: [{ tracking_code: '9400100000000000000001', carrier_name: 'usps' }] });
    await ship(receipt.receipt_id, { tracking_code: '9400100000000000000001', carrier_name: 'usps' });
    expect(etsy.notifications.get(receipt.receipt_id)).toBe(2);
    expect(etsy.violations.map((violation) => violation.errors[0]?.in ?? '')).toEqual(['content-type', 'body']);
    expect(etsy.violations[1]?.errors[0]?.at).toBe('send_bcc');
  });
});
