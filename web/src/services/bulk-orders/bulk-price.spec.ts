import { PRICE_QUOTE_MAX_SHIPMENTS, type PriceQuoteShipment } from '@labeldesk/contracts';
import { installMemoryLocalStorage } from '../../testing/memory-local-storage';

installMemoryLocalStorage();

describe('quoteTotal', () => {
  const bodies: Array<{ shipments: PriceQuoteShipment[] }> = [];
  beforeAll(() => {
    // Every shipment costs its weight in whole dollars, so the total shows each shipment was priced exactly once.
    globalThis.fetch = (async (_path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { shipments: PriceQuoteShipment[] };
      bodies.push(body);
      const totalPrice = body.shipments.reduce((sum, shipment) => sum + shipment.package.package_weight * 100, 0);
      return new Response(JSON.stringify({ totalPrice }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
  });

  it('prices more shipments than one quote takes in quotes of at most the maximum, and adds their totals', async () => {
    const { quoteTotal } = await import('./bulk-price');
    const count = 2 * PRICE_QUOTE_MAX_SHIPMENTS + 7;
    const shipments = Array.from({ length: count }, (_, i): PriceQuoteShipment => ({ service_name: 'USPS Priority Mail', package: { package_weight: (i % 3) + 1 } }));
    const expected = shipments.reduce((sum, shipment) => sum + shipment.package.package_weight * 100, 0);
    expect(await quoteTotal('u1', shipments)).toBe(expected);
    expect(bodies.map((body) => body.shipments.length)).toEqual([PRICE_QUOTE_MAX_SHIPMENTS, PRICE_QUOTE_MAX_SHIPMENTS, 7]);
  });
});
