import { adminTokenOf } from './bulk-api';
import { CARRIER_ORDER, awaitRig, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';

type Body = Record<string, unknown>;

/**
 * USPS's own APIs never sell a label under its cost (decisions 090 and 112): the Prices API is asked first, through the
 * REST API of a system buying from the USPS fake.
 */
export const describeUspsPrices = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`USPS's price checked before buying (${mode} mode)`, () => {
    const rig = awaitRig(started);
    const usps = () => rig().fakes.usps;
    expectNoViolationsPerTest(() => usps().specViolations());

    it('refuses a USPS label its Prices API prices above what the seller pays, moving no money and telling the admin', async () => {
      const { call, seller, balance, system } = rig();
      const who = await seller('under-cost');
      const before = await balance(who);
      const sold = usps().labelsSold();

      // Priority Mail Express at the tests' $8.50 tier: the fake USPS prices it far above.
      const refused = await call('POST', '/orders/v2', { ...CARRIER_ORDER, service_name: 'USPS Priority Mail Express' }, { token: who.token, 'Idempotency-Key': `usps-under-cost-${Date.now()}` });

      expect([refused.status, refused.body['message']]).toEqual([502, expect.stringContaining('USPS Priority Mail Express is not sold at your price for this parcel')]);
      expect(await balance(who)).toBe(before);
      expect(usps().labelsSold()).toBe(sold);
      expect(usps().requests.filter((request) => request.path === '/prices/v3/base-rates/search').length).toBeGreaterThan(0);
      const adminToken = await adminTokenOf(call, system);
      const alerts = (await call('GET', '/admin/carriers/alerts', undefined, { token: adminToken })).body['alerts'] as Body[];
      expect(alerts).toContainEqual(expect.objectContaining({ carrier: 'usps', reason: 'price_below_cost', message: expect.stringMatching(/^USPS Priority Mail Express cost \$\d+\.\d{2} for a label a customer was to pay \$8\.50 for: it was not bought/) }));
    }, 60_000);
  });
};
