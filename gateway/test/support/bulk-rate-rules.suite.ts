import type { BulkOrderItemInput } from '@labeldesk/contracts';
import { adminTokenOf, bulkRow, waitForBulk, type Api } from './bulk-api';
import { awaitRig, type Seller } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';
import type { CarrierRig } from './carrier-rig';

type Body = Record<string, unknown>;
interface ShownRate {
  offeringUid: string;
  service: string;
  priceCents: number;
  deliveryDays: number | null;
  packaging?: { kind: string };
}

/** Three parcels to three areas, so each row has rates of its own (UPS and FedEx price by zone). */
const RECEIVERS = [
  { receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
  { receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10001' },
  { receiver_city: 'Chicago', receiver_state_province: 'IL', receiver_zip_postal: '60601' },
];

const rowTo = (i: number, serviceName = 'USPS Priority Mail'): BulkOrderItemInput => {
  const row = bulkRow(i, { service: serviceName });
  return { ...row, receiver: { ...row.receiver, ...RECEIVERS[i % RECEIVERS.length] } };
};

/**
 * What the seller is shown for a row's parcel on the rate comparison (POST /api/rates), the sender's own box only: a
 * bulk row ships in its own box (cheaper packaging is advice on the single form).
 */
const ratesShown = async (call: Api, who: Seller, row: BulkOrderItemInput): Promise<ShownRate[]> => {
  const answer = await call('POST', '/rates', { userId: who.userId, sender: row.sender, receiver: row.receiver, package: row.package }, { token: who.token });
  if (answer.status !== 200) throw new Error(`rates answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body['rates'] as unknown as ShownRate[]).filter((rate) => !rate.packaging || rate.packaging.kind === 'own_box');
};

/** The lowest price (the faster, then the uid, of equal ones), stated here apart from the product's own picker. */
const lowest = (rates: readonly ShownRate[]): ShownRate =>
  [...rates].sort((a, b) => a.priceCents - b.priceCents || (a.deliveryDays ?? 99) - (b.deliveryDays ?? 99) || a.offeringUid.localeCompare(b.offeringUid))[0]!;

/**
 * The seller's own prices for UPS and FedEx, each service dearer than the one before and all over any cost the fake
 * charges (so every overnight service is offered), and USPS's left at the rig's 850 cents: a batch's rows have cheap
 * and dear rates to choose between. Set for this seller only, so no other flow's prices move.
 */
const priceCouriersFor = async (call: Api, adminToken: string, who: Seller): Promise<void> => {
  const services = (await call('GET', `/userServices/${who.userId}`, undefined, { token: adminToken })).body as unknown as Array<{ _id: string; uid: string }>;
  const couriers = services.filter((service) => /^(ups|fedex)_/.test(service.uid)).sort((a, b) => a.uid.localeCompare(b.uid));
  for (const [i, service] of couriers.entries()) {
    const prices = [{ fromWeight: 1, toWeight: 5, price: 20_000 + i * 500 }, { fromWeight: 6, toWeight: 150, price: 40_000 + i * 500 }];
    const priced = await call('PUT', `/userServices/${who.userId}/${service._id}/prices`, { prices }, { token: adminToken });
    if (priced.status !== 200) throw new Error(`pricing ${service.uid} answered ${priced.status} ${JSON.stringify(priced.body)}`);
  }
};

const labelsOf = async (call: Api, who: Seller, orderId: string): Promise<Body[]> => {
  const answer = await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: who.token });
  if (answer.status !== 200) throw new Error(`the batch's labels answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body['labels'] as Body[];
};

/**
 * Issue 45's bulk rate rules through the REST API, against EasyPost's carrier accounts (USPS, UPS, FedEx): each row of
 * a "cheapest" batch is bought at the cheapest rate the seller is shown for its parcel, "cheapest within 1 day" buys an
 * overnight service, the batch's savings are the sum of each row's dearest rate less the one bought, and a row of a
 * service priced from the carrier's cost is priced from its rate.
 */
export const describeBulkRateRules = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`bulk rate rules through EasyPost's carrier accounts (${mode} mode)`, () => {
    const rig = awaitRig(started);
    let adminToken = '';
    expectNoViolationsPerTest(() => rig().fakes.easyPost.shapeViolations());

    beforeAll(async () => {
      adminToken = await adminTokenOf(rig().call, rig().system);
    });

    /** A funded seller with this suite's courier prices. */
    const pricedSeller = async (label: string): Promise<Seller> => {
      const who = await rig().seller(label, 500_000);
      await priceCouriersFor(rig().call, adminToken, who);
      return who;
    };

    it("buys each row of a 'cheapest' batch at its parcel's cheapest rate, and answers the savings against the dearest rates", async () => {
      const { call, balance } = rig();
      const who = await pricedSeller('rule-cheapest');
      const rows = RECEIVERS.map((_, i) => rowTo(i));
      const shown = await Promise.all(rows.map((row) => ratesShown(call, who, row)));
      const chosen = shown.map(lowest);
      const saved = shown.reduce((sum, rates, i) => sum + Math.max(...rates.map((r) => r.priceCents)) - chosen[i]!.priceCents, 0);
      const total = chosen.reduce((sum, rate) => sum + rate.priceCents, 0);
      const before = await balance(who);

      const init = await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token });
      const orderId = String(init.body['orderId']);
      const processed = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: rows, options: { rateRule: { kind: 'cheapest' } } }, { token: who.token });

      expect(processed.status).toBe(200);
      expect(processed.body).toMatchObject({ costCents: total, savedCents: saved });
      expect(saved).toBeGreaterThan(0);
      const done = await waitForBulk(call, who.token, orderId);
      expect(done).toMatchObject({ status: 'completed', processedCount: 3, bulkOrderData: { cost: total, savedCents: saved, quotedSavedCents: saved } });
      expect(await balance(who)).toBe(before - total);
      const labels = await labelsOf(call, who, orderId);
      expect(labels.map((label) => [label['row'], label['serviceName'], label['price']])).toEqual(chosen.map((rate, i) => [i + 1, rate.service, rate.priceCents]));
    }, 120_000);

    it("buys the cheapest overnight service for a row saying 'Cheapest within 1 day', at its price", async () => {
      const { call, balance } = rig();
      const who = await pricedSeller('rule-overnight');
      const row = rowTo(1, 'Cheapest within 1 day');
      const overnight = lowest((await ratesShown(call, who, row)).filter((rate) => rate.deliveryDays !== null && rate.deliveryDays <= 1));
      expect(overnight.deliveryDays).toBe(1);
      const before = await balance(who);

      const init = await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token });
      const orderId = String(init.body['orderId']);
      const processed = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: [row] }, { token: who.token });

      expect([processed.status, processed.body['costCents']]).toEqual([200, overnight.priceCents]);
      await waitForBulk(call, who.token, orderId);
      expect((await labelsOf(call, who, orderId)).map((label) => [label['serviceName'], label['price']])).toEqual([[overnight.service, overnight.priceCents]]);
      expect(await balance(who)).toBe(before - overnight.priceCents);
    }, 120_000);

    it("prices a row of a service priced as the carrier's cost + markup from its rate's cost, as the comparison shows it", async () => {
      const { call, balance } = rig();
      const who = await pricedSeller('rule-cost-priced');
      const services = (await call('GET', `/userServices/${who.userId}`, undefined, { token: adminToken })).body as unknown as Array<{ _id: string; uid: string }>;
      const upsGround = services.find((service) => service.uid === 'ups_ground')!;
      const set = await call('PUT', `/userServices/${who.userId}/${upsGround._id}/pricing`, { pricingMode: 'cost_markup', markupPercent: 10, markupCents: 100 }, { token: adminToken });
      expect(set.status).toBe(200);
      const row = { ...rowTo(2, 'UPS Ground'), courier: 'ups' };
      const shown = (await ratesShown(call, who, row)).find((rate) => rate.offeringUid === 'ups_ground')!;
      const before = await balance(who);

      const init = await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token });
      const orderId = String(init.body['orderId']);
      const processed = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: [row] }, { token: who.token });

      expect([processed.status, processed.body['costCents'], processed.body['savedCents']]).toEqual([200, shown.priceCents, undefined]);
      await waitForBulk(call, who.token, orderId);
      expect((await labelsOf(call, who, orderId)).map((label) => [label['serviceName'], label['price']])).toEqual([['UPS Ground', shown.priceCents]]);
      expect(await balance(who)).toBe(before - shown.priceCents);
    }, 120_000);
  });
};
