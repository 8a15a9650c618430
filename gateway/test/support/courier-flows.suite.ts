import { FAKE_CARRIER_ACCOUNTS } from '@labeldesk/testing';
import { adminTokenOf } from './bulk-api';
import { easyPostShipmentOf } from './carrier-fakes';
import { CARRIER_ORDER, awaitRig, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';
import { labelStateOf } from './lifecycle-api';
import { eventsRead, listedOrder, trackingShown } from './seller-view';

type Body = Record<string, unknown>;

/** What EasyPost is told about the accounts to rate and buy on: all four couriers the fake holds. */
export const EASYPOST_ACCOUNTS_ENV = { EASYPOST_CARRIER_ACCOUNTS: FAKE_CARRIER_ACCOUNTS.map((account) => account.id).join(',') };
export const FAKE_EASYPOST_COURIERS = FAKE_CARRIER_ACCOUNTS.map((account) => account.carrier);

/** UPS and FedEx cost more than the USPS tiers the rig sets: their services get tiers over their costs. */
const COURIER_TIERS = [
  { fromWeight: 1, toWeight: 5, price: 4_000 },
  { fromWeight: 6, toWeight: 150, price: 9_000 },
];
/** Left at the rig's 850-cent tier, under what UPS charges for it: never offered. */
const PRICED_UNDER_COST = 'ups_next_day_air';

const parcelOf = (userId: string) => ({ userId, sender: CARRIER_ORDER.sender, receiver: CARRIER_ORDER.receiver, package: CARRIER_ORDER.package });

/**
 * Issue 45's "done means" through EasyPost's carrier accounts: rates compared across USPS, UPS and FedEx at the
 * seller's prices, a price under its cost never offered, and a UPS and a FedEx label bought, tracked and voided.
 */
export const describeCourierFlows = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`USPS, UPS and FedEx through EasyPost's carrier accounts (${mode} mode)`, () => {
    const rig = awaitRig(started);
    let adminToken = '';
    expectNoViolationsPerTest(() => rig().fakes.easyPost.shapeViolations());

    beforeAll(async () => {
      const { call, system } = rig();
      adminToken = await adminTokenOf(call, system);
      const defaults = (await call('GET', '/defaultServices', undefined, { token: adminToken })).body as unknown as Array<{ _id: string; uid: string }>;
      for (const service of defaults.filter((s) => /^(ups|fedex)_/.test(s.uid) && s.uid !== PRICED_UNDER_COST)) {
        const priced = await call('PUT', `/defaultServices/${service._id}/prices`, { prices: COURIER_TIERS }, { token: adminToken });
        if (priced.status !== 200) throw new Error(`pricing ${service.uid} answered ${priced.status}`);
      }
    }, 60_000);

    it("compares every courier's services at the seller's prices, cheapest first and tagged, with costs for admins only", async () => {
      const { call, seller } = rig();
      const who = await seller('rates');

      const answer = await call('POST', '/rates', parcelOf(who.userId), { token: who.token });

      expect(answer.status).toBe(200);
      const rates = answer.body['rates'] as Body[];
      expect(new Set(rates.map((rate) => rate['carrier']))).toEqual(new Set(['usps', 'ups', 'fedex']));
      expect(rates.find((rate) => rate['offeringUid'] === 'ups_ground')).toMatchObject({ carrier: 'ups', service: 'UPS Ground', priceCents: 4_000 });
      const usps = rates.filter((rate) => rate['carrier'] === 'usps');
      expect(usps.length).toBeGreaterThan(0);
      expect(usps.every((rate) => rate['priceCents'] === 850 && /^USPS /.test(String(rate['service'])))).toBe(true);
      const prices = rates.map((rate) => Number(rate['priceCents']));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(rates.filter((rate) => (rate['tags'] as string[]).includes('cheapest'))).toHaveLength(1);
      expect(rates.every((rate) => !('costCents' in rate) && !('marginCents' in rate))).toBe(true);

      const asAdmin = (await call('POST', '/rates', parcelOf(who.userId), { token: adminToken })).body['rates'] as Body[];
      expect(asAdmin.every((rate) => Number(rate['priceCents']) >= Number(rate['costCents']))).toBe(true);
      const upsGround = asAdmin.find((rate) => rate['offeringUid'] === 'ups_ground')!;
      expect(Number(upsGround['costCents'])).toBeGreaterThan(0);
      expect(upsGround['marginCents']).toBe(4_000 - Number(upsGround['costCents']));
    }, 60_000);

    it("never offers a service priced under the carrier's cost, and alerts the admin naming it", async () => {
      const { call, seller } = rig();
      const who = await seller('under-cost');

      const rates = (await call('POST', '/rates', parcelOf(who.userId), { token: who.token })).body['rates'] as Body[];

      expect(rates.map((rate) => rate['offeringUid'])).not.toContain(PRICED_UNDER_COST);
      const alerts = (await call('GET', '/admin/carriers/alerts', undefined, { token: adminToken })).body['alerts'] as Body[];
      expect(alerts).toContainEqual(expect.objectContaining({ carrier: 'easypost', reason: 'price_below_cost', message: expect.stringMatching(/^UPS Next Day Air \(UPS ups_next_day_air\) costs \$\d+\.\d{2} for 2 lb from 787xx to 981xx, over the \$8\.50 price/) }));
    }, 60_000);

    it.each([
      ['UPS', 'ups', 'UPS Ground', /^1Z[0-9A-Z]{16}$/],
      ['FedEx', 'fedex', 'FedEx Ground', /^\d{12}$/],
    ])('buys a %s label at the compared price, tracks it under its courier and voids it', async (_name, courier, service, trackingFormat) => {
      const { call, seller, buy, balance, fakes } = rig();
      const who = await seller(`buy-${courier}`);
      const before = await balance(who);

      const label = await buy(who, { ...CARRIER_ORDER, courier, service_name: service });

      expect(label.price).toBe(4_000);
      expect(label.trackingNumber).toMatch(trackingFormat);
      expect(await balance(who)).toBe(before - 4_000);
      expect(await listedOrder(call, who, label.orderId)).toMatchObject({ status: 'completed', courier, tracking_number: label.trackingNumber });
      const sold = easyPostShipmentOf(fakes.easyPost, label.trackingNumber);
      expect(sold?.['selected_rate']).toMatchObject({ service: service === 'UPS Ground' ? 'Ground' : 'FEDEX_GROUND' });
      expect(await trackingShown(call, who, label.orderId)).toMatchObject({ trackingNumber: label.trackingNumber, carrier: 'easypost', courier });

      const voided = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });

      expect([voided.status, voided.body['state']]).toEqual([200, 'refund_pending']);
      expect(await labelStateOf(call, who, label.orderId)).toBe('refund_pending');
    }, 60_000);

    it("shows the scans UPS reports through EasyPost's tracker, under UPS, oldest first with their places", async () => {
      const { call, seller, buy, fakes } = rig();
      const who = await seller('ups-tracking');
      const label = await buy(who, { ...CARRIER_ORDER, courier: 'ups', service_name: 'UPS Ground' });
      const at = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + minutes * 60_000);
      fakes.easyPost.addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipper created a label, UPS has not received the package yet.', city: 'AUSTIN', state: 'TX', zip: '78701', datetime: at(1) });
      fakes.easyPost.addTrackingEvent(label.trackingNumber, { status: 'in_transit', message: 'Origin Scan', city: 'AUSTIN', state: 'TX', zip: '78744', datetime: at(2) });

      const tracking = await trackingShown(call, who, label.orderId);

      expect(tracking).toMatchObject({ trackingNumber: label.trackingNumber, carrier: 'easypost', courier: 'ups', status: 'in_transit', used: true });
      expect(eventsRead(tracking)).toEqual([
        ['pre_transit', 'Shipper created a label, UPS has not received the package yet.', 'AUSTIN, TX 78701'],
        ['in_transit', 'Origin Scan', 'AUSTIN, TX 78744'],
      ]);
    }, 60_000);
  });
};
