import { FakeAmazonServer } from './fake-amazon.server';

describe('the fake Amazon', () => {
  let amazon: FakeAmazonServer;
  let accessToken: string;

  beforeEach(async () => {
    amazon = await new FakeAmazonServer().start();
    amazon.redirectUris = ['https://app.example/callback'];
    const consent = await fetch(`${amazon.url}/apps/authorize/consent?application_id=${amazon.applicationId}&state=s`, { redirect: 'manual' });
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('spapi_oauth_code') ?? '';
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: 'https://app.example/callback', client_id: amazon.lwa.clientId, client_secret: amazon.lwa.clientSecret });
    const tokens = (await (await fetch(`${amazon.url}/auth/o2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: form })).json()) as { access_token: string };
    accessToken = tokens.access_token;
  });
  afterEach(() => amazon.stop());

  const get = (path: string, token = accessToken) => fetch(`${amazon.url}${path}`, { headers: { 'x-amz-access-token': token } });

  it('answers a request the Orders model does not allow with 400 InvalidInput, and records it', async () => {
    const answer = await get('/orders/v0/orders?LastUpdatedAfter=2026-01-01T00:00:00Z&Status=open');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ errors: [{ code: 'InvalidInput', message: 'MarketplaceIds is required (query parameter); Status is not a query parameter of this operation', details: '' }] });
    expect(amazon.violations).toHaveLength(1);
  });

  it('gives the street and the buyer\'s name only with a Restricted Data Token for getOrders', async () => {
    amazon.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const path = '/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&LastUpdatedAfter=2026-01-01T00:00:00Z';
    const plain = (await (await get(path)).json()) as { payload: { Orders: Array<Record<string, unknown>> } };
    expect(plain.payload.Orders[0]?.['ShippingAddress']).toEqual({ City: 'Seattle', StateOrRegion: 'WA', PostalCode: '98121-2778', CountryCode: 'US' });
    const rdt = (await (
      await fetch(`${amazon.url}/tokens/2021-03-01/restrictedDataToken`, {
        method: 'POST',
        headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
        body: JSON.stringify({ restrictedResources: [{ method: 'GET', path: '/orders/v0/orders', dataElements: ['shippingAddress'] }] }),
      })
    ).json()) as { restrictedDataToken: string };
    const full = (await (await get(path, rdt.restrictedDataToken)).json()) as { payload: { Orders: Array<Record<string, unknown>> } };
    expect(full.payload.Orders[0]?.['ShippingAddress']).toMatchObject({ Name: 'Jane Buyer', AddressLine1: '2201 Westlake Ave' });
    expect((await get('/orders/v0/orders/123-1234567-1234567', rdt.restrictedDataToken)).status).toBe(403);
    expect(amazon.violations).toEqual([]);
  });

  it('refuses calls without a live access token, and beyond the usage plan\'s burst', async () => {
    expect((await get('/orders/v0/orders/123-1234567-1234567', 'Atza|nope')).status).toBe(403);
    amazon.usagePlans.spend('getOrder');
    expect((await get('/orders/v0/orders/123-1234567-1234567')).status).toBe(429);
  });
});
