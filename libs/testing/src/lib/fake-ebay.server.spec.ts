import { EBAY_FULFILLMENT_SCOPE, EBAY_IDENTITY_SCOPE, FakeEbayServer } from './fake-ebay.server';

describe('FakeEbayServer', () => {
  let ebay: FakeEbayServer;
  let token: string;

  const basic = () => `Basic ${Buffer.from(`${ebay.clientId}:${ebay.clientSecret}`).toString('base64')}`;
  const tokenCall = (form: Record<string, string>, authorization = basic()) =>
    fetch(`${ebay.url}/identity/v1/oauth2/token`, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const consent = async (scope = `${EBAY_FULFILLMENT_SCOPE} ${EBAY_IDENTITY_SCOPE}`) => {
    const answer = await fetch(`${ebay.url}/oauth2/authorize?${new URLSearchParams({ client_id: ebay.clientId, redirect_uri: ebay.ruName, response_type: 'code', scope, state: 'st-1' }).toString()}`, { redirect: 'manual' });
    return new URL(answer.headers.get('location') ?? '');
  };
  const api = (path: string, init: RequestInit = {}) => fetch(`${ebay.url}/sell/fulfillment/v1${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });

  beforeEach(async () => {
    ebay = await new FakeEbayServer().start();
    ebay.acceptUrl = 'https://labeldesk.example/api/stores/callback/x';
    const code = (await consent()).searchParams.get('code') ?? '';
    token = ((await (await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: ebay.ruName })).json()) as { access_token: string }).access_token;
  });
  afterEach(() => ebay.stop());

  it('sends a consenting seller to the accept URL with the state, a code and its 299 s life, and trades the code once for tokens', async () => {
    const accepted = await consent();
    expect(accepted.origin + accepted.pathname).toBe(ebay.acceptUrl);
    expect(accepted.searchParams.get('state')).toBe('st-1');
    expect(accepted.searchParams.get('expires_in')).toBe('299');
    const code = accepted.searchParams.get('code') ?? '';
    const first = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: ebay.ruName });
    expect(await first.json()).toMatchObject({ expires_in: 7200, refresh_token_expires_in: 47_304_000, token_type: 'User Access Token' });
    const again = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: ebay.ruName });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'the provided authorization grant code is invalid or was issued to another client' });
  });

  it('refuses a token request without the app\'s Basic credentials, and a refresh once the seller revoked the app', async () => {
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x', scope: EBAY_FULFILLMENT_SCOPE }, 'Basic eDp5')).status).toBe(401);
    const code = (await consent()).searchParams.get('code') ?? '';
    const { refresh_token: refreshToken } = (await (await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: ebay.ruName })).json()) as { refresh_token: string };
    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: EBAY_FULFILLMENT_SCOPE });
    expect(await refreshed.json()).toMatchObject({ expires_in: 7200, token_type: 'User Access Token' });
    ebay.grants.revokeAll();
    expect(await (await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: EBAY_FULFILLMENT_SCOPE })).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await api('/order')).status).toBe(401);
  });

  it('names the signed-in seller by the Identity API', async () => {
    const user = await fetch(`${ebay.url}/commerce/identity/v1/user/`, { headers: { authorization: `Bearer ${token}` } });
    expect(await user.json()).toMatchObject({ userId: ebay.sellerUserId, username: ebay.sellerId });
    expect(ebay.violations).toEqual([]);
  });

  it('pages unfulfilled orders newest first under its filter, limit and offset', async () => {
    for (let i = 0; i < 3; i++) ebay.addOrder({ items: [{ sku: `SKU-${i}`, quantity: 1 }] });
    const filter = `orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS},lastmodifieddate:[${new Date(Date.now() - 60_000).toISOString()}..]`;
    const first = (await (await api(`/order?${new URLSearchParams({ filter, limit: '2', offset: '0' }).toString()}`)).json()) as { total: number; next?: string; orders: Array<{ orderId: string }> };
    expect(first.total).toBe(3);
    expect(first.orders).toHaveLength(2);
    expect(first.next).toContain('offset=2');
    expect(ebay.violations).toEqual([]);
  });

  it('refuses what getOrders\' description rules out, with its error ids', async () => {
    const bad = async (query: string) => ((await (await api(`/order?${query}`)).json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId;
    expect(await bad('filter=orderfulfillmentstatus:%7BNOT_STARTED%7D')).toBe(30800);
    expect(await bad('filter=status:PAID')).toBe(30700);
    expect(await bad('filter=lastmodifieddate:%5B2026-01-01..%5D')).toBe(30810);
    expect(await bad('limit=201')).toBe(31100);
    expect(await bad('since=yesterday')).toBe(32600);
    expect(ebay.violations.map((violation) => violation.errors[0]?.at)).toEqual(['since']);
  });

  it('creates a shipping fulfillment for line items, answering its Location, and fulfils the order', async () => {
    const order = ebay.addOrder({ items: [{ sku: 'MUG', quantity: 2 }, { sku: 'TEE', quantity: 1 }] });
    const lineItems = order.lineItems.map((item) => ({ lineItemId: item.lineItemId, quantity: item.quantity }));
    const created = await api(`/order/${order.orderId}/shipping_fulfillment`, { method: 'POST', body: JSON.stringify({ lineItems, shippedDate: new Date(Date.now() - 1000).toISOString(), shippingCarrierCode: 'USPS', trackingNumber: '9400100000000000000001' }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(/\/shipping_fulfillment\/9400100000000000000001$/);
    const listed = (await (await api(`/order/${order.orderId}/shipping_fulfillment`)).json()) as { fulfillments: Array<{ shipmentTrackingNumber: string }> };
    expect(listed.fulfillments.map((fulfillment) => fulfillment.shipmentTrackingNumber)).toEqual(['9400100000000000000001']);
    expect(ebay.order(order.orderId)?.orderFulfillmentStatus).toBe('FULFILLED');
    expect(ebay.violations).toEqual([]);
  });

  it('refuses a fulfillment with an unknown line item, a hyphenated tracking number or a quantity of the wrong type', async () => {
    const order = ebay.addOrder({ items: [{ sku: 'MUG', quantity: 1 }] });
    const post = async (body: unknown) => ((await (await api(`/order/${order.orderId}/shipping_fulfillment`, { method: 'POST', body: JSON.stringify(body) })).json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId;
    const lineItemId = order.lineItems[0]?.lineItemId ?? '';
    expect(await post({ lineItems: [{ lineItemId: '1', quantity: 1 }], shippingCarrierCode: 'USPS', trackingNumber: 'A1' })).toBe(32200);
    expect(await post({ lineItems: [{ lineItemId, quantity: 1 }], shippingCarrierCode: 'USPS', trackingNumber: '9400-1' })).toBe(32300);
    expect(await post({ lineItems: [{ lineItemId, quantity: '1' }], shippingCarrierCode: 'USPS', trackingNumber: 'A1' })).toBe(32600);
    expect(ebay.violations.map((violation) => violation.errors[0]?.at)).toEqual(['lineItems.0.quantity']);
  });
});
