import { Client } from 'pg';
import type { Api } from './bulk-api';
import { adminTokenOf } from './bulk-api';
import { easyPostShipmentOf } from './carrier-fakes';
import { CARRIER_ORDER, awaitRig, type CarrierRig, type Seller } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';

type Body = Record<string, unknown>;
interface ServiceShown {
  _id: string;
  uid: string;
  pricingMode: string;
  markupPercent: number;
  markupCents: number;
}

/** The example: the carrier's cost + 10 % + $0.50. */
const COST_PLUS = { pricingMode: 'cost_markup', markupPercent: 10, markupCents: 50 };
/** The tier price of the seller kept on tiers, apart from any other flow's prices. */
const TIER_PRICE = 4_321;

/** cost + ceil(cost × 10 / 100) + 50, stated here apart from the product's own formula. */
const costPlusTenPercentAndFifty = (costCents: number): number => costCents + Math.ceil((costCents * 10) / 100) + 50;

const parcelOf = (userId: string) => ({ userId, sender: CARRIER_ORDER.sender, receiver: CARRIER_ORDER.receiver, package: CARRIER_ORDER.package });
const UPS_GROUND_ORDER = { ...CARRIER_ORDER, courier: 'ups', service_name: 'UPS Ground' };

const servicesOf = async (call: Api, adminToken: string, who: Seller): Promise<ServiceShown[]> => {
  const answer = await call('GET', `/userServices/${who.userId}`, undefined, { token: adminToken });
  if (answer.status !== 200) throw new Error(`the user's services answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as ServiceShown[];
};

const upsGroundOf = async (call: Api, adminToken: string, who: Seller): Promise<ServiceShown> => {
  const found = (await servicesOf(call, adminToken, who)).find((service) => service.uid === 'ups_ground');
  if (!found) throw new Error('the seller has no UPS Ground');
  return found;
};

const upsGroundRate = async (call: Api, token: string, userId: string): Promise<Body | undefined> => {
  const answer = await call('POST', '/rates', parcelOf(userId), { token });
  if (answer.status !== 200) throw new Error(`rates answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body['rates'] as Body[]).find((rate) => rate['offeringUid'] === 'ups_ground');
};

/** What EasyPost charged us for a label it sold, in cents (its rates are dollar strings). */
const soldForCents = (rig: CarrierRig, trackingNumber: string): number => {
  const rate = (easyPostShipmentOf(rig.fakes.easyPost, trackingNumber)?.['selected_rate'] as { rate?: string } | undefined)?.rate;
  if (rate === undefined) throw new Error(`EasyPost sold no label ${trackingNumber}`);
  return Math.round(Number(rate) * 100);
};

/**
 * What the ledger debited for a single label's first attempt, read from payments' own table where the test can reach the
 * database (distributed mode); null where it cannot (the embedded database lives inside the system's process).
 */
const ledgerDebitOf = async (system: object, orderId: string): Promise<number | null> => {
  if (!('databaseUrl' in system) || typeof system.databaseUrl !== 'string') return null;
  const db = new Client({ connectionString: system.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ amount_cents: string }>(`select amount_cents from payments.ledger_entries where kind = 'label_purchase' and idempotency_key = $1`, [`label:${orderId}:1`]);
    if (rows.length !== 1) throw new Error(`${rows.length} label debits for order ${orderId}`);
    return -Number(rows[0]?.amount_cents);
  } finally {
    await db.end();
  }
};

/**
 * Issue 45's "Prices" through the REST API, against EasyPost's carrier accounts (decision 085): an admin prices UPS
 * Ground for one seller as the carrier's cost + 10 % + $0.50; that seller's compared rate and bought label are at the
 * cost of the fake's rate for the parcel plus the markup, the balance goes down by exactly that; a seller left on tiers
 * pays the tier price.
 */
export const describePricingModes = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`pricing as carrier cost + markup (${mode} mode)`, () => {
    const rig = awaitRig(started);
    let adminToken = '';
    expectNoViolationsPerTest(() => rig().fakes.easyPost.shapeViolations());

    beforeAll(async () => {
      adminToken = await adminTokenOf(rig().call, rig().system);
    });

    it("prices one seller's UPS Ground at the carrier's cost + 10 % + $0.50, compared and bought, while a seller on tiers pays the tier price", async () => {
      const { call, seller, buy, balance } = rig();
      const marked = await seller('cost-markup');
      const tiered = await seller('tiers');

      const set = await call('PUT', `/userServices/${marked.userId}/${(await upsGroundOf(call, adminToken, marked))._id}/pricing`, COST_PLUS, { token: adminToken });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ uid: 'ups_ground', ...COST_PLUS });
      const tiers = await call('PUT', `/userServices/${tiered.userId}/${(await upsGroundOf(call, adminToken, tiered))._id}/prices`, { prices: [{ fromWeight: 1, toWeight: 150, price: TIER_PRICE }] }, { token: adminToken });
      expect(tiers.status).toBe(200);

      // The admin sees the carrier's cost beside the seller's price; the seller sees the same price, and no cost.
      const asAdmin = await upsGroundRate(call, adminToken, marked.userId);
      const costCents = Number(asAdmin?.['costCents']);
      expect(costCents).toBeGreaterThan(0);
      const expected = costPlusTenPercentAndFifty(costCents);
      expect(asAdmin).toMatchObject({ priceCents: expected, marginCents: expected - costCents });
      const shown = await upsGroundRate(call, marked.token, marked.userId);
      expect(shown).toMatchObject({ carrier: 'ups', service: 'UPS Ground', priceCents: expected });
      expect(shown).not.toHaveProperty('costCents');

      const before = await balance(marked);
      const label = await buy(marked, UPS_GROUND_ORDER);

      expect(label.price).toBe(expected);
      expect(soldForCents(rig(), label.trackingNumber)).toBe(costCents);
      expect(await balance(marked)).toBe(before - expected);
      if (mode === 'distributed') expect(await ledgerDebitOf(rig().system, label.orderId)).toBe(expected);

      expect(await upsGroundRate(call, tiered.token, tiered.userId)).toMatchObject({ priceCents: TIER_PRICE });
      const tieredBefore = await balance(tiered);
      const tieredLabel = await buy(tiered, UPS_GROUND_ORDER);
      expect(tieredLabel.price).toBe(TIER_PRICE);
      expect(await balance(tiered)).toBe(tieredBefore - TIER_PRICE);
    }, 90_000);

    it('refuses a label of a cost-priced service no carrier rates for the parcel, moving no money, and a price by weight alone', async () => {
      const { call, seller, balance } = rig();
      const who = await seller('no-rate');
      // DHL Express sells abroad only: no carrier rates it for a parcel from Texas to Washington.
      const dhl = (await servicesOf(call, adminToken, who)).find((service) => service.uid === 'dhl_express_worldwide');
      if (!dhl) throw new Error('the seller has no DHL Express Worldwide');
      expect((await call('PUT', `/userServices/${who.userId}/${dhl._id}/pricing`, COST_PLUS, { token: adminToken })).status).toBe(200);
      const before = await balance(who);

      const bought = await call('POST', '/orders/v2', { ...CARRIER_ORDER, courier: 'dhl_express', service_name: 'DHL Express Worldwide' }, { token: who.token, 'Idempotency-Key': `no-rate-${Date.now()}` });
      const byWeight = await call('POST', '/orders/price/v2/bulk', { userId: who.userId, shipments: [{ service_name: 'DHL Express Worldwide', package: { package_weight: 2 } }] }, { token: who.token });

      expect([bought.status, bought.body['message']]).toEqual([400, 'DHL Express Worldwide has no carrier rate for this parcel right now, so it cannot be priced: choose another service or try again later']);
      expect(await balance(who)).toBe(before);
      expect((await call('GET', `/orders/${who.userId}`, undefined, { token: who.token })).body['orders']).toEqual([]);
      expect([byWeight.status, byWeight.body['message']]).toEqual([422, "DHL Express Worldwide is priced from the carrier's rate for each parcel: compare rates to see its price"]);
    }, 60_000);

    it("gives a new seller's copy the default's pricing mode and markup, and leaves existing sellers' copies as they were", async () => {
      const { call, seller } = rig();
      const earlier = await seller('before-default-markup');
      const defaults = (await call('GET', '/defaultServices', undefined, { token: adminToken })).body as unknown as ServiceShown[];
      const fedExGround = defaults.find((service) => service.uid === 'fedex_ground');
      if (!fedExGround) throw new Error('no default FedEx Ground');
      const restore = { pricingMode: fedExGround.pricingMode, markupPercent: fedExGround.markupPercent, markupCents: fedExGround.markupCents };
      try {
        const set = await call('PUT', `/defaultServices/${fedExGround._id}/pricing`, { pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 0 }, { token: adminToken });
        expect([set.status, set.body['pricingMode'], set.body['markupPercent']]).toEqual([200, 'cost_markup', 12.5]);

        const later = await seller('after-default-markup');
        const copyOf = async (who: Seller) => (await servicesOf(call, adminToken, who)).find((service) => service.uid === 'fedex_ground');
        expect(await copyOf(later)).toMatchObject({ pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 0 });
        expect(await copyOf(earlier)).toMatchObject(restore);
      } finally {
        // Sellers of the flows after this one get the default as it was.
        await call('PUT', `/defaultServices/${fedExGround._id}/pricing`, restore, { token: adminToken });
      }
    }, 60_000);

    it('refuses a markup out of range with a 400 in words, and an unknown service with a 404', async () => {
      const { call, seller } = rig();
      const who = await seller('bad-markup');
      const upsGround = await upsGroundOf(call, adminToken, who);

      const tooMuch = await call('PUT', `/userServices/${who.userId}/${upsGround._id}/pricing`, { ...COST_PLUS, markupPercent: 501 }, { token: adminToken });
      const unknown = await call('PUT', `/defaultServices/00000000-0000-4000-8000-000000000000/pricing`, COST_PLUS, { token: adminToken });
      const bySeller = await call('PUT', `/userServices/${who.userId}/${upsGround._id}/pricing`, { ...COST_PLUS, markupPercent: 0 }, { token: who.token });

      expect([tooMuch.status, tooMuch.body['message']]).toEqual([400, 'Markup percent must be between 0 and 500']);
      expect(unknown.status).toBe(404);
      expect(bySeller.status).toBe(403);
      expect(await upsGroundOf(call, adminToken, who)).toMatchObject({ pricingMode: upsGround.pricingMode, markupPercent: upsGround.markupPercent });
    }, 60_000);
  });
};
