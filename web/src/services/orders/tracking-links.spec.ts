import { installMemoryLocalStorage } from '../../testing/memory-local-storage';

installMemoryLocalStorage();

const ORDER_ID = '0b7d6f2e-3c1a-4f4e-9a51-5b1f2c3d4e5f';
const TOKEN = 'eBvTeFrVukg3E5IK7ax64_KW5eAbCdEf';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('tracking links', () => {
  const asked: Array<{ method: string; path: string }> = [];
  beforeAll(() => {
    globalThis.fetch = (async (path: string, init: RequestInit) => {
      asked.push({ method: String(init.method), path });
      return json(init.method === 'DELETE' ? { revoked: true } : { token: TOKEN, createdAt: '2026-11-29T19:00:00.000Z' });
    }) as unknown as typeof fetch;
  });
  beforeEach(() => {
    asked.length = 0;
  });

  it("asks a single order's link and a batch label's link at their own paths, and turns each off at the same", async () => {
    const { issueTrackingLink, revokeTrackingLink } = await import('./tracking-links');
    const single = { kind: 'single', orderId: ORDER_ID, trackingNumber: '9205599999999900010014' } as const;
    const batch = { kind: 'batch', orderId: ORDER_ID, trackingNumber: '9205599999999900010045' } as const;
    expect(await issueTrackingLink(single)).toEqual({ token: TOKEN, createdAt: '2026-11-29T19:00:00.000Z' });
    await issueTrackingLink(batch);
    expect(await revokeTrackingLink(batch)).toEqual({ revoked: true });
    expect(asked).toEqual([
      { method: 'POST', path: `/api/orders/${ORDER_ID}/tracking-link` },
      { method: 'POST', path: `/api/orders/bulk/${ORDER_ID}/tracking-link/9205599999999900010045` },
      { method: 'DELETE', path: `/api/orders/bulk/${ORDER_ID}/tracking-link/9205599999999900010045` },
    ]);
  });

  it("makes the buyer's page address on the site the seller is on", async () => {
    const { trackingPageUrl } = await import('./tracking-links');
    expect(trackingPageUrl(TOKEN, 'https://labels.example.com')).toBe(`https://labels.example.com/t/${TOKEN}`);
  });
});
