import { FakeWooCommerceServer } from './fake-woocommerce.server';

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

describe('FakeWooCommerceServer', () => {
  let woo: FakeWooCommerceServer;
  let auth: string;
  const get = (path: string, authorization = auth) => fetch(`${woo.url}/wp-json/wc/v3${path}`, { headers: { authorization } });

  beforeEach(async () => {
    woo = await new FakeWooCommerceServer().start();
    auth = basic(woo.consumerKey, woo.consumerSecret);
  });
  afterEach(() => woo.stop());

  it('refuses wrong keys with 401 and WooCommerce\'s error body', async () => {
    const answer = await get('/orders', basic(woo.consumerKey, `cs_${'0'.repeat(40)}`));
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } });
  });

  it('pages orders of a status with X-WP-Total, X-WP-TotalPages and a Link header', async () => {
    for (let i = 0; i < 5; i++) woo.addOrder({ items: [{ sku: 'MUG-1', quantity: 1 }] });
    woo.addOrder({ status: 'completed', items: [{ sku: 'MUG-1', quantity: 1 }] });
    const first = await get('/orders?status=processing&per_page=2&page=1&order=asc');
    expect(first.headers.get('x-wp-total')).toBe('5');
    expect(first.headers.get('x-wp-totalpages')).toBe('3');
    expect(first.headers.get('link')).toContain('rel="next"');
    expect(((await first.json()) as Array<{ id: number }>).map((order) => order.id)).toEqual([700, 701]);
    const last = await get('/orders?status=processing&per_page=2&page=3&order=asc');
    expect(((await last.json()) as Array<{ id: number }>).map((order) => order.id)).toEqual([704]);
    expect(woo.violations).toEqual([]);
  });

  it('answers only orders modified after modified_after', async () => {
    const old = woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    old.date_modified_gmt = '2026-01-01T00:00:00';
    woo.addOrder({ items: [{ sku: 'B', quantity: 1 }] });
    const answer = await get('/orders?status=processing&modified_after=2026-06-01T00:00:00Z&dates_are_gmt=true');
    expect(((await answer.json()) as Array<{ id: number }>).map((order) => order.id)).toEqual([701]);
  });

  it('keeps a note to the customer and an order\'s new status', async () => {
    const order = woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    const noted = await fetch(`${woo.url}/wp-json/wc/v3/orders/${order.id}/notes`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ note: 'Shipped', customer_note: true }) });
    expect(noted.status).toBe(201);
    const updated = await fetch(`${woo.url}/wp-json/wc/v3/orders/${order.id}`, { method: 'PUT', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'completed' }) });
    expect(updated.status).toBe(200);
    expect(woo.order(order.id)).toMatchObject({ status: 'completed', notes: [{ note: 'Shipped', customer_note: true }] });
  });

  it('refuses and records requests outside the documented shapes', async () => {
    const order = woo.addOrder({ items: [{ sku: 'A', quantity: 1 }] });
    expect((await get('/orders?per_page=101')).status).toBe(400);
    expect((await get('/orders?modified_after=yesterday')).status).toBe(400);
    const note = await fetch(`${woo.url}/wp-json/wc/v3/orders/${order.id}/notes`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ note: 'x', notify: true }) });
    expect(note.status).toBe(400);
    expect(woo.violations).toEqual([
      'Invalid parameter(s): per_page (per_page must be between 1 (inclusive) and 100 (inclusive))',
      'Invalid parameter(s): modified_after (not an ISO8601 date: yesterday)',
      'POST /orders/{id}/notes with undocumented fields: notify',
    ]);
  });

  it('answers 503 while down and 429 while rate limited', async () => {
    woo.down = true;
    expect((await get('/orders')).status).toBe(503);
    woo.down = false;
    woo.rateLimited = 1;
    const limited = await get('/orders');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    expect((await get('/orders')).status).toBe(200);
  });

  describe('as a hosted store', () => {
    let hosted: FakeWooCommerceServer;
    afterEach(() => hosted.stop());

    it('answers each request only after its latency', async () => {
      hosted = await new FakeWooCommerceServer({ latencyMs: 120 }).start();
      const started = performance.now();
      const answer = await fetch(`${hosted.url}/wp-json/wc/v3/orders`, { headers: { authorization: basic(hosted.consumerKey, hosted.consumerSecret) } });
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    });

    it('answers 429 with Retry-After past its request budget, until the window closes', async () => {
      hosted = await new FakeWooCommerceServer({ rateLimit: { requests: 2, windowSeconds: 30 } }).start();
      const list = () => fetch(`${hosted.url}/wp-json/wc/v3/orders`, { headers: { authorization: basic(hosted.consumerKey, hosted.consumerSecret) } });
      expect([(await list()).status, (await list()).status]).toEqual([200, 200]);
      const limited = await list();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      expect(((await limited.json()) as { code: string }).code).toBe('rate_limit_exceeded');
      expect(hosted.limitedAnswers).toBe(1);
    });
  });
});
