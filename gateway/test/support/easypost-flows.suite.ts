import { signEasyPostPush, type FakeEasyPostServer } from '@labeldesk/testing';
import { PDFDocument } from 'pdf-lib';
import { bulkRow, submitBulk, waitForBulk } from './bulk-api';
import { batchTrackingNumbers, easyPostBulkRefundsAsked, easyPostFileOf, easyPostRefundsAsked, easyPostSales } from './carrier-fakes';
import { CARRIER_ORDER, EASYPOST_WEBHOOK_SECRET, LABEL_PRICE, awaitRig, type BoughtLabel, type CarrierRig } from './carrier-rig';
import { expectNoViolationsPerTest } from './fake-violations';
import { pdfText } from './pdf-text';
import { eventually, labelStateOf } from './lifecycle-api';
import { addressChecked, carrierVerification, downloaded, eventsRead, expectOneScanFormOf, listedOrder, trackingShown } from './seller-view';

type Body = Record<string, unknown>;

/** Every shipment EasyPost sold was sold once under its key, and each label `bought` was sold under its key alone. */
const expectSoldOnceEach = (fake: FakeEasyPostServer, bought: ReadonlyArray<{ key: string; trackingNumber: string }>): void => {
  const sales = easyPostSales(fake);
  expect([...sales.values()].filter((codes) => codes.length !== 1)).toEqual([]);
  expect(fake.labelsSold()).toBe(sales.size);
  for (const { key, trackingNumber } of bought) expect(sales.get(key)).toEqual([trackingNumber]);
};
const keysOf = (labels: readonly BoughtLabel[]) => labels.map((label) => ({ key: label.orderId, trackingNumber: label.trackingNumber }));

/** An address as a seller types it, as EasyPost writes it, and one without a house number. */
const GIVEN = { street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
const AS_EASYPOST_WRITES_IT = { street1: '1 MAIN ST', city: 'AUSTIN', state: 'TX', zip: '78701-0001' };
const NO_HOUSE_NUMBER = { street1: 'Main St', city: 'Austin', state: 'TX', zip: '78701' };

/** `minutes` after now, to the second as EasyPost writes times: scans later than the label, in the order meant. */
const minutesOn = (minutes = 1) => new Date(Math.floor(Date.now() / 1000) * 1000 + minutes * 60_000);

/**
 * The seller's EasyPost flows through the REST API, against the EasyPost fake: buy (PDF and ZPL), void, batch void,
 * tracking, EasyPost's tracker pushes, the address check and the day's SCAN form. What the seller sees, and what EasyPost was asked.
 */
export const describeEasyPostFlows = (mode: string, started: () => Promise<CarrierRig>): void => {
  describe(`EasyPost through the REST API (${mode} mode)`, () => {
    const rig = awaitRig(started);
    const easyPost = () => rig().fakes.easyPost;
    expectNoViolationsPerTest(() => easyPost().shapeViolations());

    it('buys an EasyPost label as a PDF and as ZPL: each is the file EasyPost serves, paid exactly its price, sold once', async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('buy');
      const before = await balance(who);
      const sold = easyPost().labelsSold();

      const pdf = await buy(who);
      const zpl = await buy(who, { ...CARRIER_ORDER, label_format: 'zpl' });

      expect([pdf.price, zpl.price]).toEqual([LABEL_PRICE, LABEL_PRICE]);
      expect(await balance(who)).toBe(before - 2 * LABEL_PRICE);
      expect(await listedOrder(call, who, pdf.orderId)).toMatchObject({ status: 'completed', tracking_number: pdf.trackingNumber, label_state: 'purchased' });
      const pdfFile = await downloaded(call, who, 'v2', pdf.pdfName);
      expect(pdfFile.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfFile).toEqual(await easyPostFileOf(easyPost(), pdf.trackingNumber, 'PDF'));
      // On Letter paper (decision 096), EasyPost's 4×6 page is one 612 × 792 pt sheet with its tracking number.
      const onLetter = await downloaded(call, who, 'v2', `${pdf.pdfName}?size=letter`);
      expect((await PDFDocument.load(onLetter)).getPages().map((page) => page.getSize())).toEqual([{ width: 612, height: 792 }]);
      expect(pdfText(onLetter).replace(/\s+/g, '')).toContain(pdf.trackingNumber);
      const zplFile = await downloaded(call, who, 'zpl', zpl.orderId);
      expect(zplFile.toString('latin1').trim()).toMatch(/^\^XA[\s\S]*\^XZ$/);
      expect(zplFile).toEqual(await easyPostFileOf(easyPost(), zpl.trackingNumber, 'ZPL'));
      expect(easyPost().labelsSold()).toBe(sold + 2);
      expectSoldOnceEach(easyPost(), keysOf([pdf, zpl]));
    }, 60_000);

    it('voids an EasyPost label: one refund request, the refund pending until EasyPost pays it, then the price back once', async () => {
      const { call, seller, buy, balance } = rig();
      const who = await seller('void');
      const before = await balance(who);
      const label = await buy(who);

      const voided = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });

      expect([voided.status, voided.body['state'], voided.body['amount']]).toEqual([200, 'refund_pending', LABEL_PRICE]);
      expect(await balance(who)).toBe(before - LABEL_PRICE);
      expect(await labelStateOf(call, who, label.orderId)).toBe('refund_pending');
      expect(easyPostRefundsAsked(easyPost(), label.trackingNumber)).toBe(1);

      easyPost().settleRefundOf(label.trackingNumber, 'refunded');
      await eventually(() => labelStateOf(call, who, label.orderId), (state) => state === 'refunded', 30_000, 'the refund EasyPost paid');
      expect(await balance(who)).toBe(before);
      expect(easyPostRefundsAsked(easyPost(), label.trackingNumber)).toBe(1);
      expectSoldOnceEach(easyPost(), keysOf([label]));
    }, 60_000);

    it("voids a batch's EasyPost labels in one bulk refund request, and gives each price back once as EasyPost pays", async () => {
      const { call, seller, balance } = rig();
      const who = await seller('bulk-void');
      const before = await balance(who);
      const { orderId } = await submitBulk(call, who, [0, 1, 2].map((i) => bulkRow(i)));
      expect(await waitForBulk(call, who.token, orderId, undefined, 60_000)).toMatchObject({ status: 'completed', processedCount: 3, failedCount: 0 });
      expect(await balance(who)).toBe(before - 3 * LABEL_PRICE);
      const numbers = await batchTrackingNumbers(call, who.token, orderId);
      expect(numbers).toHaveLength(3);
      const bulkAsked = easyPostBulkRefundsAsked(easyPost());

      const voided = await call('POST', `/orders/bulk/${orderId}/void`, {}, { token: who.token });

      expect(voided.body).toMatchObject({ voided: 0, refundPending: 3, refused: 0, amountBack: 0, amountPending: 3 * LABEL_PRICE });
      expect(easyPostBulkRefundsAsked(easyPost())).toBe(bulkAsked + 1);
      expect(numbers.map((number) => easyPostRefundsAsked(easyPost(), number))).toEqual([0, 0, 0]);
      for (const number of numbers) easyPost().settleRefundOf(number, 'refunded');
      const labels = async () => (await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: who.token })).body['labels'] as Body[];
      await eventually(labels, (all) => all.length === 3 && all.every((label) => label['state'] === 'refunded'), 30_000, 'the batch refunds');
      expect(await balance(who)).toBe(before);
      const sales = easyPostSales(easyPost());
      expect([...sales.entries()].filter(([, codes]) => numbers.includes(codes[0] ?? '')).map(([key, codes]) => [key.startsWith('bulk:'), codes.length])).toEqual([
        [true, 1],
        [true, 1],
        [true, 1],
      ]);
    }, 90_000);

    it("shows the scans EasyPost's tracker reports for a label, oldest first with their places", async () => {
      const { call, seller, buy } = rig();
      const who = await seller('tracking');
      const label = await buy(who);
      easyPost().addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', city: 'AUSTIN', state: 'TX', zip: '78701', datetime: minutesOn(1) });
      easyPost().addTrackingEvent(label.trackingNumber, { status: 'in_transit', message: 'Accepted at USPS Origin Facility', city: 'AUSTIN', state: 'TX', zip: '78701', datetime: minutesOn(2) });

      const tracking = await trackingShown(call, who, label.orderId);

      expect(tracking).toMatchObject({ trackingNumber: label.trackingNumber, carrier: 'easypost', status: 'in_transit', used: true });
      // A label just bought has no scan at EasyPost: the two added are all there is.
      expect(eventsRead(tracking)).toEqual([
        ['pre_transit', 'Shipping Label Created, USPS Awaiting Item', 'AUSTIN, TX 78701'],
        ['in_transit', 'Accepted at USPS Origin Facility', 'AUSTIN, TX 78701'],
      ]);
    }, 60_000);

    it("takes EasyPost's signed tracker.updated push and shows its scan; a push signed with another secret is refused and changes nothing", async () => {
      const { call, seller, buy } = rig();
      const who = await seller('push');
      const label = await buy(who);
      // Asked once now (a label just bought has no scan at EasyPost yet): the tracking shown is fresh, so only the
      // push can bring the next scan in.
      const first = await trackingShown(call, who, label.orderId);
      expect(first).toMatchObject({ status: 'unknown', used: false, events: [] });
      const trackerReads = () => easyPost().requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/trackers/')).length;
      const reads = trackerReads();
      const event = JSON.stringify(easyPost().addTrackingEvent(label.trackingNumber, { status: 'out_for_delivery', message: 'Out for Delivery', city: 'SEATTLE', state: 'WA', zip: '98101', datetime: minutesOn() }));
      const push = (signature: string) => call('POST', '/webhooks/carriers/easypost', event, { 'x-hmac-signature': signature });

      expect((await push(signEasyPostPush(event, 'not-our-secret'))).status).toBe(401);
      expect(await trackingShown(call, who, label.orderId)).toEqual(first);

      expect((await push(signEasyPostPush(event, EASYPOST_WEBHOOK_SECRET))).status).toBe(200);
      const pushed = await trackingShown(call, who, label.orderId);
      expect(pushed).toMatchObject({ status: 'out_for_delivery', used: true });
      expect(eventsRead(pushed).at(-1)).toEqual(['out_for_delivery', 'Out for Delivery', 'SEATTLE, WA 98101']);
      expect(trackerReads()).toBe(reads);
    }, 60_000);

    it('checks addresses with EasyPost: its standard form is offered as a suggestion, an address as it writes it is fine, and one it cannot find is undeliverable', async () => {
      const { call, seller } = rig();
      const who = await seller('address');

      expect(await addressChecked(call, who, GIVEN)).toEqual(carrierVerification('suggestion', { street1: '1 MAIN ST', street2: null, city: 'AUSTIN', state: 'TX', zip: '78701-0001' }, []));
      expect(await addressChecked(call, who, AS_EASYPOST_WRITES_IT)).toEqual(carrierVerification('ok', null, []));
      expect(await addressChecked(call, who, NO_HOUSE_NUMBER)).toEqual(carrierVerification('undeliverable', null, ['Address not found']));
    }, 60_000);

    it("puts the day's EasyPost labels on one SCAN form whose PDF lists them, asking EasyPost once", async () => {
      const { call, seller, buy } = rig();
      const who = await seller('scan-form');
      const labels = [await buy(who), await buy(who)];
      const formsAsked = () => easyPost().requests.filter((r) => r.method === 'POST' && r.path === '/v2/scan_forms').length;
      const asked = formsAsked();

      await expectOneScanFormOf(call, who, 'easypost', labels.map((label) => label.trackingNumber));

      expect(formsAsked()).toBe(asked + 1);
      expectSoldOnceEach(easyPost(), keysOf(labels));
    }, 60_000);
  });
};
