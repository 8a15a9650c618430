import { FakeEasyPostServer, type FakeEasyPostOptions } from '@labeldesk/testing';
import type { CarrierRefs, PurchaseJournal, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter, type EasyPostAdapterOptions } from './easypost.adapter';
import { easyPostTestShipment, easyPostUndeliverableShipment } from './easypost-fixtures';

let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;
let keys = 0;
const nextKey = () => `adapter-${process.pid}-${++keys}`;

const start = async (fakeOptions: FakeEasyPostOptions = {}, adapterOptions: Partial<EasyPostAdapterOptions> = {}) => {
  fake = new FakeEasyPostServer(fakeOptions);
  await fake.start();
  // No case here waits for a time-out (the contract's impatient twin does): a real answer, PDF and all, is never timed
  // out by a busy machine.
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000, ...adapterOptions });
};

const bought = (outcome: PurchaseOutcome) => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};

/** The API requests the fake received, as `METHOD /path` with ids blanked. */
const requestsSeen = () => fake.requests.map(({ method, path }) => `${method} ${path.replace(/shp_[0-9a-f]+/, 'shp')}`);

afterEach(async () => {
  await fake.up();
  await fake.stop();
});

describe('EasyPostCarrierAdapter', () => {
  describe('what it is', () => {
    beforeEach(() => start());

    it('is a postage carrier of PDF and ZPL labels and USPS Flat Rate packaging, 16 purchases at once unless told otherwise', () => {
      expect(carrier.profile).toEqual({ id: 'easypost', displayName: 'EasyPost', postage: true, labelFormats: ['PDF', 'ZPL'], maxConcurrentPurchases: 16, needsShipperContact: false, sellsPackaging: true });
      expect(new EasyPostCarrierAdapter({ apiKey: 'k', apiUrl: fake.url, maxConcurrentPurchases: 4 }).profile.maxConcurrentPurchases).toBe(4);
      expect(() => new EasyPostCarrierAdapter({ apiKey: 'k', apiUrl: fake.url, maxConcurrentPurchases: 0 })).toThrow(RangeError);
      expect(() => new EasyPostCarrierAdapter({ apiKey: '', apiUrl: fake.url })).toThrow(RangeError);
    });

    it('offers Priority Mail, Priority Mail Express and Ground Advantage up to 70 lb, and USPS abroad', async () => {
      expect(await carrier.listShippingServices()).toEqual([
        { uid: 'usps_priority', name: 'USPS Priority Mail', category: 'USPS', maxWeightLb: 70 },
        { uid: 'usps_priority_express', name: 'USPS Priority Mail Express', category: 'USPS', maxWeightLb: 70 },
        { uid: 'usps_ground_advantage', name: 'USPS Ground Advantage', category: 'USPS', maxWeightLb: 70 },
        { uid: 'usps_first_class_international', name: 'USPS First-Class Package International', category: 'USPS', maxWeightLb: 4 },
        { uid: 'usps_priority_international', name: 'USPS Priority Mail International', category: 'USPS', maxWeightLb: 70 },
        { uid: 'usps_priority_express_international', name: 'USPS Priority Mail Express International', category: 'USPS', maxWeightLb: 70 },
      ]);
    });
  });

  describe('buying', () => {
    beforeEach(() => start());

    it('creates the shipment in ounces with our key as reference, writes down its id before buying, and costs it in cents', async () => {
      const key = nextKey();
      const written: Array<{ refs: CarrierRefs; requestsBefore: string[] }> = [];
      const journal: PurchaseJournal = { remember: async (refs) => void written.push({ refs, requestsBefore: requestsSeen() }) };
      const label = bought(await carrier.purchase(easyPostTestShipment(), key, journal));

      expect(written).toEqual([{ refs: { shipmentId: label.carrierRefs['shipmentId'] }, requestsBefore: ['POST /v2/shipments'] }]);
      expect(requestsSeen()).toEqual(['POST /v2/shipments', 'POST /v2/shipments/shp/buy']);
      const stored = fake.shipment(label.carrierRefs['shipmentId'] ?? '');
      expect(stored).toMatchObject({ reference: key, parcel: { weight: 24, length: 10, width: 8, height: 4 }, options: { label_format: 'PDF', label_size: '4x6', print_custom_1: '1', print_custom_2: 'SKU-1' } });
      // Priority Mail, 1.5 lb: 6.90 for the first pound + 1.15 for the second, and the 0.50 InsuranceFee every
      // recorded buy was charged (its LabelFee is free).
      expect(label).toMatchObject({ carrier: 'easypost', serviceUid: 'usps_priority', format: 'PDF', costCents: 855 });
      expect(label.carrierRefs).toEqual({ shipmentId: expect.stringMatching(/^shp_/), rateId: expect.stringMatching(/^rate_/), trackerId: expect.stringMatching(/^trk_/), carrierAccountId: 'ca_fa4e0000000000000000000000005e25' });
    });

    it('buys the rate of the shipping service asked for', async () => {
      const label = bought(await carrier.purchase(easyPostTestShipment({ serviceUid: 'usps_ground_advantage' }), nextKey(), new MemoryJournal()));
      expect(label.serviceUid).toBe('usps_ground_advantage');
      expect(label.trackingNumber).toMatch(/^9400/);
    });

    it('shares one purchase between concurrent calls with the same key', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      const [first, second] = await Promise.all([carrier.purchase(easyPostTestShipment(), key, journal), carrier.purchase(easyPostTestShipment(), key, journal)]);
      expect(bought(second).trackingNumber).toBe(bought(first).trackingNumber);
      expect(fake.labelsSold()).toBe(1);
      expect(fake.shipmentsCreated()).toBe(1);
    });

    it('answers unknown rather than throw when something unexpected breaks', async () => {
      const broken = { ...easyPostTestShipment(), package: undefined } as unknown as ReturnType<typeof easyPostTestShipment>;
      await expect(carrier.purchase(broken, nextKey(), new MemoryJournal())).resolves.toMatchObject({ kind: 'unknown', message: expect.stringContaining('unexpectedly') });
    });

    it('buys nothing when the shipment id cannot be written down', async () => {
      const journal: PurchaseJournal = { remember: async () => Promise.reject(new Error('database gone')) };
      const outcome = await carrier.purchase(easyPostTestShipment(), nextKey(), journal);
      expect(outcome).toMatchObject({ kind: 'not_attempted', reason: 'unavailable', message: expect.stringContaining('database gone') });
      expect(requestsSeen()).toEqual(['POST /v2/shipments']);
    });
  });

  describe('refusals', () => {
    it('refuses an address EasyPost cannot find, in plain words', async () => {
      await start();
      expect(await carrier.purchase(easyPostUndeliverableShipment(), nextKey(), new MemoryJournal())).toEqual({
        kind: 'refused',
        message: 'The address could not be found (Address not found). Check the street, city, state and ZIP code.',
      });
    });

    it('refuses an over-weight parcel naming the weight', async () => {
      await start();
      const heavy = easyPostTestShipment();
      const outcome = await carrier.purchase({ ...heavy, package: { ...heavy.package, weightLb: 71 } }, nextKey(), new MemoryJournal());
      expect(outcome).toEqual({ kind: 'refused', message: 'EasyPost refused the shipment: package weight must be a number of ounces greater than 0 and at most 1120.' });
    });

    it('refuses a shipping service EasyPost did not rate for the shipment, with the carrier reason, and buys nothing', async () => {
      await start({ unratedServices: ['Express'] });
      const outcome = await carrier.purchase(easyPostTestShipment({ serviceUid: 'usps_priority_express' }), nextKey(), new MemoryJournal());
      expect(outcome).toEqual({ kind: 'refused', message: 'USPS Priority Mail Express is not offered for this shipment (Express is not available for this shipment).' });
      expect(fake.labelsSold()).toBe(0);
    });

    it("leaves the shipment unbought when its rate is over the customer's price, and buys it at a price the rate fits", async () => {
      await start();
      // Priority Mail, 1.5 lb: the fake's rate is 6.90 + 1.15.
      const refused = await carrier.purchase({ ...easyPostTestShipment(), maxCostCents: 804 }, nextKey(), new MemoryJournal());
      expect(refused).toMatchObject({ kind: 'refused', belowCost: { serviceUid: 'usps_priority', costCents: 805, priceCents: 804 } });
      expect(fake.labelsSold()).toBe(0);
      bought(await carrier.purchase({ ...easyPostTestShipment(), maxCostCents: 805 }, nextKey(), new MemoryJournal()));
      expect(fake.labelsSold()).toBe(1);
    });

    it('says not attempted, not refused, when EasyPost refuses our API key', async () => {
      await start({}, { apiKey: 'EZTKsomebodyelse' });
      expect(await carrier.purchase(easyPostTestShipment(), nextKey(), new MemoryJournal())).toMatchObject({ kind: 'not_attempted', reason: 'unavailable' });
    });
  });

  describe('upstream faults', () => {
    beforeEach(() => start());

    it('says not attempted for lack of funds when EasyPost answers 402 to the buy, and buys once funded', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      fake.insufficientFundsNext();
      expect(await carrier.purchase(easyPostTestShipment(), key, journal)).toMatchObject({ kind: 'not_attempted', reason: 'upstream_funds' });
      expect(fake.labelsSold()).toBe(0);
      bought(await carrier.purchase(easyPostTestShipment(), key, journal));
      // The second purchase bought the shipment the first one created.
      expect(fake.shipmentsCreated()).toBe(1);
      expect(fake.labelsSold()).toBe(1);
    });

    it('settles a lost buy answer with one look at the shipment, and resolving finds the same label: nothing bought twice', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      fake.loseNextBuyAnswer();
      const first = bought(await carrier.purchase(easyPostTestShipment(), key, journal));
      const resolved = bought(await carrier.resolve(easyPostTestShipment(), key, journal.refs));
      expect(resolved.trackingNumber).toBe(first.trackingNumber);
      expect(resolved.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(requestsSeen()).toEqual(['POST /v2/shipments', 'POST /v2/shipments/shp/buy', 'GET /v2/shipments/shp', 'GET /v2/shipments/shp']);
      expect(fake.labelsSold()).toBe(1);
    });

    it('says unknown when a buy answer is lost and the shipment cannot be looked at, then resolve finds the label without buying again', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      fake.loseNextBuyAnswer();
      // The look at the shipment that follows the lost buy gets a 503.
      fake.failNextAt('retrieve', 503);
      expect(await carrier.purchase(easyPostTestShipment(), key, journal)).toMatchObject({ kind: 'unknown', message: expect.stringContaining('lost') });
      const resolved = bought(await carrier.resolve(easyPostTestShipment(), key, journal.refs));
      expect(bought(await carrier.purchase(easyPostTestShipment(), key, journal)).trackingNumber).toBe(resolved.trackingNumber);
      expect(requestsSeen().filter((request) => request.endsWith('/buy'))).toHaveLength(1);
      expect(fake.labelsSold()).toBe(1);
    });

    it('says unknown when a buy fails with a 5xx, resolve proves nothing was bought, and the retry buys the same shipment once', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      fake.failNextBuyWith(503);
      expect(await carrier.purchase(easyPostTestShipment(), key, journal)).toMatchObject({ kind: 'unknown', message: expect.stringContaining('503') });
      expect(await carrier.resolve(easyPostTestShipment(), key, journal.refs)).toMatchObject({ kind: 'not_attempted', reason: 'not_bought' });
      bought(await carrier.purchase(easyPostTestShipment(), key, journal));
      expect(requestsSeen().filter((request) => request === 'POST /v2/shipments')).toHaveLength(1);
      expect(fake.labelsSold()).toBe(1);
    });

    it('finds the label when a buy fails with a 5xx after selling it', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      fake.failNextBuyWith(500, true);
      const label = bought(await carrier.purchase(easyPostTestShipment(), key, journal));
      expect(bought(await carrier.resolve(easyPostTestShipment(), key, journal.refs)).trackingNumber).toBe(label.trackingNumber);
      expect(fake.labelsSold()).toBe(1);
    });

    it('buys a ZPL label when asked: label_format ZPL, the file from label_zpl_url, one ^XA … ^XZ label with the tracking code', async () => {
      const label = bought(await carrier.purchase({ ...easyPostTestShipment(), format: 'ZPL' }, nextKey(), new MemoryJournal()));
      expect(label.format).toBe('ZPL');
      const zpl = label.file.toString('latin1');
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
      expect(zpl).toContain(`^FD${label.trackingNumber}^FS`);
      expect(fake.shipment(label.carrierRefs['shipmentId'] ?? '')).toMatchObject({ options: { label_format: 'ZPL', label_size: '4x6' } });
    });

    it('resolves a lost ZPL buy to the ZPL file, not the PDF', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      const zplShipment = { ...easyPostTestShipment(), format: 'ZPL' as const };
      fake.failNextBuyWith(500, true);
      const label = bought(await carrier.purchase(zplShipment, key, journal));
      const resolved = bought(await carrier.resolve(zplShipment, key, journal.refs));
      expect(resolved).toMatchObject({ format: 'ZPL', trackingNumber: label.trackingNumber });
      expect(resolved.file.toString('latin1').startsWith('^XA')).toBe(true);
      expect(fake.labelsSold()).toBe(1);
    });

    it('says unknown when the label is bought but its file cannot be downloaded, and resolving fetches it', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      fake.failNextLabelFileWith(503);
      const outcome = await carrier.purchase(easyPostTestShipment(), key, journal);
      expect(outcome).toMatchObject({ kind: 'unknown', message: expect.stringContaining('could not be downloaded (HTTP 503)') });
      const label = bought(await carrier.resolve(easyPostTestShipment(), key, journal.refs));
      expect(label.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(fake.labelsSold()).toBe(1);
    });
  });

  describe('resolving', () => {
    beforeEach(() => start());

    it('says not attempted when no shipment was written down', async () => {
      expect(await carrier.resolve(easyPostTestShipment(), nextKey(), {})).toMatchObject({ kind: 'not_attempted', reason: 'not_bought' });
      expect(fake.requests).toEqual([]);
    });

    it('says unknown while EasyPost cannot be asked', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      bought(await carrier.purchase(easyPostTestShipment(), key, journal));
      fake.down();
      expect(await carrier.resolve(easyPostTestShipment(), key, journal.refs)).toMatchObject({ kind: 'unknown' });
    });

    it('says unknown for a shipment EasyPost does not know, rather than risk a second label', async () => {
      expect(await carrier.resolve(easyPostTestShipment(), nextKey(), { shipmentId: 'shp_00000000000000000000000000000000' })).toMatchObject({ kind: 'unknown' });
    });

    it('finds the label on another process, from the journal alone', async () => {
      const key = nextKey();
      const journal = new MemoryJournal();
      const label = bought(await carrier.purchase(easyPostTestShipment(), key, journal));
      const elsewhere = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 });
      const resolved = bought(await elsewhere.resolve(easyPostTestShipment(), key, journal.refs));
      expect(resolved).toEqual({ ...label, file: expect.any(Buffer) });
    });
  });

  describe('voiding', () => {
    beforeEach(() => start());

    const sold = async () => bought(await carrier.purchase(easyPostTestShipment(), nextKey(), new MemoryJournal()));
    const refundRequests = () => requestsSeen().filter((request) => request.endsWith('/refund')).length;

    it('asks one refund: pending with the shipment id, the same answer again without a second request', async () => {
      const label = await sold();
      const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() };
      expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] });
      expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] });
      expect(refundRequests()).toBe(1);
      expect(fake.voidsAccepted()).toBe(1);
    });

    it('says voided once EasyPost refunded, refused when USPS will not refund, and asks again after a rejection', async () => {
      const [refunded, used, rejected] = [await sold(), await sold(), await sold()];
      const voidOf = (label: typeof refunded) => carrier.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() });
      for (const label of [refunded, used, rejected]) await voidOf(label);
      fake.settleRefund(refunded.carrierRefs['shipmentId'] ?? '', 'refunded');
      fake.settleRefund(used.carrierRefs['shipmentId'] ?? '', 'not_applicable');
      fake.settleRefund(rejected.carrierRefs['shipmentId'] ?? '', 'rejected');
      expect(await voidOf(refunded)).toEqual({ kind: 'voided' });
      expect(await voidOf(used)).toMatchObject({ kind: 'refused', message: expect.stringContaining('USPS does not refund this label') });
      expect(await voidOf(rejected)).toMatchObject({ kind: 'refund_pending' });
      expect(fake.voidsAccepted()).toBe(4);
    });

    it('refuses a label without an EasyPost shipment, or one EasyPost does not know', async () => {
      expect(await carrier.void({ trackingNumber: '9405100100000000000001', carrierRefs: {}, purchasedAt: new Date() })).toMatchObject({ kind: 'refused' });
      expect(await carrier.void({ trackingNumber: '9405100100000000000001', carrierRefs: { shipmentId: 'shp_00000000000000000000000000000000' }, purchasedAt: new Date() })).toMatchObject({ kind: 'refused' });
      expect(fake.voidsAccepted()).toBe(0);
    });

    it('says unknown when EasyPost cannot be reached, and asks nothing', async () => {
      const label = await sold();
      fake.down();
      expect(await carrier.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() })).toMatchObject({ kind: 'unknown' });
      await fake.up();
      expect(fake.voidsAccepted()).toBe(0);
    });

    it('says unknown when the refund request fails with a 5xx', async () => {
      const label = await sold();
      const seen = fake.requests.length;
      const outcome = carrier.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() });
      // The look at the shipment goes first; the refund request after it gets the 503.
      await waitFor(() => fake.requests.length > seen);
      fake.failNextWith(503);
      expect(await outcome).toMatchObject({ kind: 'unknown', message: expect.stringContaining('503') });
    });
  });
});

/**
 * Polls until `done()` holds: for arming a fault between two requests of one call. The bound only ends a wait that
 * would never end (20 s, far beyond any busy machine), it does not time the call.
 */
async function waitFor(done: () => boolean): Promise<void> {
  const until = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > until) throw new Error('waited 20 s in vain');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
