import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';

type Body = Record<string, unknown>;
interface ServiceShown {
  _id: string;
  uid: string;
  maxWeight: number;
  groupPrices?: Record<string, unknown>;
}

const PRIORITY_INTL = 'USPS Priority Mail International';
const CUSTOMS = {
  contents_type: 'merchandise',
  non_delivery_option: 'return',
  signer: 'Ann Sender',
  items: [{ description: 'Cotton T-shirt', quantity: 2, value_cents: 3_000, weight_lb: 1.6, hs_tariff_number: '610910', origin_country: 'US' }],
};
const TO_CANADA = { receiver_name: 'Grace Receiver', receiver_address1: '10 Wellington St', receiver_city: 'Ottawa', receiver_state_province: 'ON', receiver_zip_postal: 'K1A 0B1', receiver_country: 'CA' };
const TO_MEXICO = { receiver_name: 'Luis Receiver', receiver_address1: 'Av. Juárez 10', receiver_city: 'Ciudad de México', receiver_state_province: 'CMX', receiver_zip_postal: '06000', receiver_country: 'MX' };
const TO_JAPAN = { receiver_name: 'Aiko Receiver', receiver_address1: '1-1 Chiyoda', receiver_city: 'Tokyo', receiver_state_province: '', receiver_zip_postal: '100-0001', receiver_country: 'JP' };
const PACKAGE = { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 };
const orderTo = (receiver: Body) => ({ service_name: PRIORITY_INTL, sender: SINGLE_LABEL_ORDER.sender, receiver, package: PACKAGE, customs: CUSTOMS });

/** Two tiers from 1 lb to the service's maximum: `upTo5` to 5 lb, `above` after. */
const twoTiers = (maxWeight: number, upTo5: number, above: number) => [
  { fromWeight: 1, toWeight: 5, price: upTo5 },
  { fromWeight: 6, toWeight: maxWeight, price: above },
];

/**
 * Weight tiers per country group abroad set by the admin (decision 116), through the REST API of a running system on
 * the sandbox, whose Priority Mail International costs $49.00 for 2 lb to Canada, $52.00 to Mexico, $63.00 to Japan.
 */
export const describeCountryGroupPrices = (mode: string, running: () => RunningSystem): void => {
  describe(`prices per country group abroad (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    const asAdmin = () => ({ token: adminToken });
    const buy = (who: { token: string }, order: Body) => call('POST', '/orders/v2', order, { token: who.token, 'Idempotency-Key': `group-${Date.now()}-${Math.random()}` });
    const priorityIntlOf = async (path: string): Promise<ServiceShown> => {
      const listed = await call('GET', path, undefined, asAdmin());
      const found = (listed.body as unknown as ServiceShown[]).find((service) => service.uid === 'usps_priority_international');
      if (!found) throw new Error(`${path} has no Priority Mail International: ${listed.status}`);
      return found;
    };
    const rateTo = async (who: { token: string; userId: string }, receiver: Body): Promise<number | undefined> => {
      const rates = await call('POST', '/rates', { userId: who.userId, sender: SINGLE_LABEL_ORDER.sender, receiver, package: PACKAGE }, { token: who.token });
      expect(rates.status).toBe(200);
      return (rates.body['rates'] as Body[]).find((rate) => rate['service'] === PRIORITY_INTL)?.['priceCents'] as number | undefined;
    };

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    });

    it("prices a customer's label to Canada by the Canada tiers the admin set for them, and other groups at cost + markup", async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'group-user');
      const service = await priorityIntlOf(`/userServices/${who.userId}`);
      const set = await call('PUT', `/userServices/${who.userId}/${service._id}/groupPrices`, { group: 'canada', prices: twoTiers(service.maxWeight, 5_500, 8_000) }, asAdmin());
      expect([set.status, (set.body['groupPrices'] as Body)['canada']]).toEqual([200, twoTiers(service.maxWeight, 5_500, 8_000)]);

      expect(await rateTo(who, TO_CANADA)).toBe(5_500);
      // Japan has no tiers of its own: the sandbox's $63.00 + 10 % + 50 cents.
      expect(await rateTo(who, TO_JAPAN)).toBe(6_300 + 630 + 50);
      const bought = await buy(who, orderTo(TO_CANADA));
      expect([bought.status, bought.body['message']]).toEqual([200, undefined]);
      expect(Number((bought.body['data'] as Body)['price'])).toBe(5_500);
      expect(await balanceOf(call, who.token)).toBe(100_000 - 5_500);

      const cleared = await call('PUT', `/userServices/${who.userId}/${service._id}/groupPrices`, { group: 'canada', prices: [] }, asAdmin());
      expect([cleared.status, cleared.body['groupPrices']]).toEqual([200, {}]);
      expect(await rateTo(who, TO_CANADA)).toBe(4_900 + 490 + 50);
    }, 60_000);

    it("never sells under the carrier's cost: a group's tier below it is not offered, its purchase is refused and the admin alerted, no money moves", async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'group-under');
      const service = await priorityIntlOf(`/userServices/${who.userId}`);
      const set = await call('PUT', `/userServices/${who.userId}/${service._id}/groupPrices`, { group: 'mexico', prices: twoTiers(service.maxWeight, 1_000, 2_000) }, asAdmin());
      expect(set.status).toBe(200);

      expect(await rateTo(who, TO_MEXICO)).toBeUndefined();
      const refused = await buy(who, orderTo(TO_MEXICO));
      expect([refused.status, refused.body['message']]).toEqual([502, expect.stringContaining(`${PRIORITY_INTL} is not sold at your price for this parcel`)]);
      expect(await balanceOf(call, who.token)).toBe(100_000);
      const alerts = (await call('GET', '/admin/carriers/alerts', undefined, asAdmin())).body['alerts'] as Body[];
      expect(alerts).toContainEqual(expect.objectContaining({ reason: 'price_below_cost', message: expect.stringContaining(PRIORITY_INTL) }));
    }, 60_000);

    it("gives new customers the default's group tiers, and refuses tiers with a gap naming the group", async () => {
      const fallback = await priorityIntlOf('/defaultServices');
      const gap = await call('PUT', `/defaultServices/${fallback._id}/groupPrices`, { group: 'asia_pacific', prices: [{ fromWeight: 1, toWeight: 5, price: 7_000 }] }, asAdmin());
      expect([gap.status, gap.body['message']]).toEqual([400, `Invalid price ranges for Asia-Pacific. Please ensure ranges are continuous from 1 to ${fallback.maxWeight} lb without gaps or overlaps.`]);
      const unknown = await call('PUT', `/defaultServices/${fallback._id}/groupPrices`, { group: 'atlantis', prices: [] }, asAdmin());
      expect(unknown.status).toBe(400);

      const set = await call('PUT', `/defaultServices/${fallback._id}/groupPrices`, { group: 'asia_pacific', prices: twoTiers(fallback.maxWeight, 7_000, 9_000) }, asAdmin());
      try {
        expect(set.status).toBe(200);
        const who = await newBulkCustomer(call, adminToken, 0, 'group-default');
        expect((await priorityIntlOf(`/userServices/${who.userId}`)).groupPrices).toEqual({ asia_pacific: twoTiers(fallback.maxWeight, 7_000, 9_000) });
        expect(await rateTo(who, TO_JAPAN)).toBe(7_000);
      } finally {
        // The default is the system's, shared with every other test: put it back.
        await call('PUT', `/defaultServices/${fallback._id}/groupPrices`, { group: 'asia_pacific', prices: [] }, asAdmin());
      }
    }, 60_000);
  });
};
