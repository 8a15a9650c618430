import { FAKE_USPS_ADDRESS_TRIGGERS, type FakeUspsServer } from '@labeldesk/testing';
import { uspsCancelsAsked, uspsSales } from './carrier-fakes';
import { LABEL_PRICE, awaitRig, type BoughtLabel, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';
import { labelStateOf } from './lifecycle-api';
import { addressChecked, carrierVerification, downloaded, eventsRead, expectOneScanFormOf, listedOrder, trackingShown } from './seller-view';

type Body = Record<string, unknown>;

/** Every label USPS sold was sold under a key of its own, once, and `labels` are among them. */
const expectSoldOnceEach = (fake: FakeUspsServer, labels: readonly BoughtLabel[]): void => {
  const sales = [...uspsSales(fake).values()];
  expect(sales.filter((numbers) => numbers.length !== 1)).toEqual([]);
  expect(fake.labelsSold()).toBe(sales.length);
  for (const label of labels) expect(sales.filter(([number]) => number === label.trackingNumber)).toEqual([[label.trackingNumber]]);
};

/** An address as a seller types it, and as USPS writes it. */
const GIVEN = { street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
const AS_USPS_WRITES_IT = { street1: '1 MAIN ST', city: 'AUSTIN', state: 'TX', zip: '78701-0001' };
/** DPV `N` as the seller reads it: USPS's own words for it (Addresses 3.2.3, `DPVConfirmation`). */
const NOT_A_DELIVERY_POINT = 'USPS could not confirm this delivery point: both primary and (if present) secondary number information failed to DPV confirm.';
/** USPS's correction 32 (DPV `D`), in its words. */
const APARTMENT_MISSING = 'Default address: The address you entered was found but more information is needed (such as an apartment, suite, or box number) to match to a specific address.';

/** A scan's time as USPS reports it: to the second. */
const toSecond = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, '.000Z');

/**
 * The seller's USPS flows through the REST API, against the USPS fake: buy, void, tracking, the address check and
 * the day's SCAN form. What the seller sees, and what USPS was asked.
 */
export const describeUspsFlows = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`USPS through the REST API (${mode} mode)`, () => {
    const rig = awaitRig(started);
    const usps = () => rig().fakes.usps;
    expectNoViolationsPerTest(() => usps().specViolations());

    it('buys a USPS label: the seller gets the very file USPS answered and pays exactly its price, and USPS sells it once', async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('buy');
      const before = await balance(who);
      const sold = usps().labelsSold();

      const label = await buy(who);

      expect(label.price).toBe(LABEL_PRICE);
      expect(await balance(who)).toBe(before - LABEL_PRICE);
      expect(await listedOrder(call, who, label.orderId)).toMatchObject({ status: 'completed', tracking_number: label.trackingNumber, label_state: 'purchased' });
      const file = await downloaded(call, who, 'v2', label.pdfName);
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file).toEqual(usps().labels.get(label.trackingNumber)?.image);
      expect(usps().labelsSold()).toBe(sold + 1);
      expectSoldOnceEach(usps(), [label]);
    }, 60_000);

    it('voids a USPS label before its manifest: USPS cancels it on one request, and the price is back on the balance at once', async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('void');
      const before = await balance(who);
      const label = await buy(who);
      expect(await balance(who)).toBe(before - LABEL_PRICE);

      const voided = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });

      expect([voided.status, voided.body]).toEqual([200, { orderId: label.orderId, trackingNumber: label.trackingNumber, state: 'voided', amount: LABEL_PRICE, message: 'Label voided: $8.50 is back on your balance.' }]);
      expect(await balance(who)).toBe(before);
      expect(await labelStateOf(call, who, label.orderId)).toBe('voided');
      expect(usps().labels.get(label.trackingNumber)?.state).toBe('canceled');
      expect(uspsCancelsAsked(usps(), label.trackingNumber)).toBe(1);
      expectSoldOnceEach(usps(), [label]);
    }, 60_000);

    it("shows the scans USPS reports for a label, oldest first with their places, and refuses to void it once it is accepted", async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('tracking');
      const label = await buy(who);
      const created = usps().labels.get(label.trackingNumber)?.scans[0]?.at ?? new Date();
      const accepted = new Date(created.getTime() + 60_000);
      const arrived = new Date(created.getTime() + 120_000);
      usps().addScan(label.trackingNumber, 'accepted', { at: accepted, city: 'AUSTIN', state: 'TX', zip: '78701' });
      usps().addScan(label.trackingNumber, 'in_transit', { at: arrived, city: 'DALLAS', state: 'TX', zip: '75260' });

      const tracking = await trackingShown(call, who, label.orderId);

      expect(tracking).toMatchObject({ trackingNumber: label.trackingNumber, carrier: 'usps', status: 'in_transit', used: true });
      expect(eventsRead(tracking)).toEqual([
        ['pre_transit', 'Shipping Label Created, USPS Awaiting Item', null],
        ['in_transit', 'Accepted at USPS Origin Facility', 'AUSTIN, TX 78701'],
        ['in_transit', 'Arrived at USPS Regional Facility', 'DALLAS, TX 75260'],
      ]);
      expect((tracking['events'] as Body[]).map((event) => event['occurredAt'])).toEqual([toSecond(created), toSecond(accepted), toSecond(arrived)]);

      const paid = await balance(who);
      const refused = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });
      expect([refused.status, refused.body['code']]).toEqual([422, 'ORDERS_LABEL_NOT_VOIDABLE']);
      expect(await balance(who)).toBe(paid);
      expect(uspsCancelsAsked(usps(), label.trackingNumber)).toBe(0);
    }, 60_000);

    it("checks addresses with USPS: its standard form is a suggestion, an address as USPS writes it is fine, a building without its apartment is a suggestion saying so, and one that is no delivery point or has no match is undeliverable", async () => {
      const { call, seller } = rig();
      const who = await seller('address');
      const check = (street1: string, place: { city: string; state: string; zip: string } = GIVEN) => addressChecked(call, who, { ...place, street1 });

      expect(await addressChecked(call, who, GIVEN)).toEqual(carrierVerification('suggestion', { street1: '1 MAIN ST', street2: null, city: 'AUSTIN', state: 'TX', zip: '78701-0001' }, []));
      expect(await addressChecked(call, who, AS_USPS_WRITES_IT)).toEqual(carrierVerification('ok', null, []));
      expect(await check(FAKE_USPS_ADDRESS_TRIGGERS.secondaryMissing, { city: 'New York', state: 'NY', zip: '10118' })).toEqual(
        carrierVerification('suggestion', { street1: '350 FIFTH AVE APT', street2: null, city: 'NEW YORK', state: 'NY', zip: '10118-0001' }, [APARTMENT_MISSING]),
      );
      expect(await check(FAKE_USPS_ADDRESS_TRIGGERS.notADeliveryPoint)).toEqual(carrierVerification('undeliverable', null, [NOT_A_DELIVERY_POINT]));
      expect(await check(FAKE_USPS_ADDRESS_TRIGGERS.noMatch)).toEqual(carrierVerification('undeliverable', null, ['There is no match for the address requested.']));
    }, 60_000);

    it("puts the day's USPS labels on one SCAN form whose PDF lists them, and a void after it is a refund request USPS gets once", async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('scan-form');
      const labels = [await buy(who), await buy(who)];
      const formsAsked = () => usps().requests.filter((r) => r.method === 'POST' && r.path === '/scan-forms/v3/scan-form');
      const asked = formsAsked().length;
      const numbers = labels.map((label) => label.trackingNumber).sort();

      await expectOneScanFormOf(call, who, 'usps', numbers);

      expect(formsAsked()).toHaveLength(asked + 1);
      expect((JSON.parse(formsAsked().at(-1)?.body ?? '{}') as { shipment?: { trackingNumbers?: string[] } }).shipment?.trackingNumbers?.sort()).toEqual(numbers);

      // On a form, the label is manifested: its void is a refund request, and the money waits for USPS.
      const [first] = labels as [BoughtLabel, BoughtLabel];
      const paid = await balance(who);
      const voided = await call('POST', `/orders/${first.orderId}/void`, undefined, { token: who.token });
      expect([voided.status, voided.body['state'], voided.body['amount']]).toEqual([200, 'refund_pending', LABEL_PRICE]);
      expect(await balance(who)).toBe(paid);
      expect((await call('GET', `/orders/refunds/${who.userId}`, undefined, { token: who.token })).body).toMatchObject({ pendingCents: LABEL_PRICE, pendingCount: 1 });
      expect(usps().labels.get(first.trackingNumber)?.state).toBe('disputed');
      expect(uspsCancelsAsked(usps(), first.trackingNumber)).toBe(1);
      expectSoldOnceEach(usps(), labels);
    }, 60_000);
  });
};
