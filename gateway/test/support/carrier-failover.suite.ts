import { startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { booksOf, labelCarriersOf } from './books';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './bulk-api';
import { batchTrackingNumbers, carrierEnvOf, easyPostBuysReceived, easyPostLabelFile, easyPostSales, priceCarrierServices, startCarrierFakes, type CarrierFakes } from './carrier-fakes';

/** USPS is told each shipper (decision 044, docs/carriers.md): a label it may sell has the sender's phone. */
const ORDER = { ...SINGLE_LABEL_ORDER, sender: { ...SINGLE_LABEL_ORDER.sender, sender_phone: '512-555-0142' } };

type Body = Record<string, unknown>;

const BALANCE = 100_000;
const PRICE = 850;
/** The carrier's latency: long enough for a test to aim a fault at the request after the buy. */
const EASYPOST_LATENCY_MS = 150;

/** A system whose database the test can read (distributed mode); the embedded one keeps it inside its process. */
type StartedSystem = RunningSystem & { databaseUrl?: string };

interface ListedOrder {
  _id: string;
  status: string;
  tracking_number: string | null;
}

/**
 * EasyPost first, USPS second (`CARRIERS=easypost,usps`), through the real gateway and services: USPS is asked only
 * when EasyPost provably bought nothing; a purchase whose answer EasyPost lost is resolved at EasyPost, and USPS is
 * never asked for it (docs/decisions/044). The lost answers come first: EasyPost down opens its circuit for 30 s.
 */
const USPS_HOME = ['usps_ground_advantage', 'usps_priority', 'usps_priority_express'];
const USPS_ABROAD = ['usps_first_class_international', 'usps_priority_international', 'usps_priority_express_international'];

export const describeCarrierFailover = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<StartedSystem>): void => {
  describe(`EasyPost first, USPS second (${mode} mode)`, () => {
    let fakes: CarrierFakes;
    let system: StartedSystem;
    let call: Api;
    let adminToken: string;
    let customer: { token: string; userId: string };
    /** What the customer has been charged for so far, in labels. */
    let labelsBought = 0;

    beforeAll(async () => {
      fakes = await startCarrierFakes({ latencyMs: EASYPOST_LATENCY_MS });
      // Recovery resumes an order left pending for 5 s.
      system = await start({ ...carrierEnvOf(fakes, 'easypost,usps'), ORDER_STALE_SECONDS: '5' });
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, startHookTimeout());

    afterAll(async () => {
      await system?.stop();
      await fakes?.stop();
    }, 60_000);

    const buy = (key: string) => call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': key });
    const listed = async (): Promise<ListedOrder[]> => (await call('GET', `/orders/${customer.userId}`, undefined, { token: customer.token })).body['orders'] as ListedOrder[];
    /** How often EasyPost was asked what became of a shipment (after a lost or failed answer). */
    const shipmentReads = () => fakes.easyPost.requests.filter((r) => r.method === 'GET' && /^\/v2\/shipments\/shp_/.test(r.path)).length;
    const labelFile = async (pdfName: string) => (await call('GET', `/orders/download/v2/${pdfName}`, undefined, { token: customer.token })).bytes;

    /** Money and, where the database can be read, the ledger and orders' record of who sold each label. */
    const expectChargedOnce = async (carriers: Record<string, number>) => {
      expect(await balanceOf(call, customer.token)).toBe(BALANCE - labelsBought * PRICE);
      if (!system.databaseUrl) return;
      const database = { databaseUrl: system.databaseUrl };
      const books = await booksOf(database, customer.userId);
      expect(books).toMatchObject({ charges: labelsBought, chargeKeys: labelsBought, refunds: 0, held: 0, balance: BALANCE - labelsBought * PRICE, ledgerAvailable: BALANCE - labelsBought * PRICE });
      expect(await labelCarriersOf(database, customer.userId)).toEqual(carriers);
    };

    it('syncs the carriers\' services without prices, switched off until an admin prices them; then a customer can buy them', async () => {
      const raw = (await call('GET', '/rawServices', undefined, { token: adminToken })).body as unknown as Body[];
      // USPS's services at home and abroad (issue 46): both carriers sell all six.
      expect(raw.map((r) => r['uid']).sort()).toEqual([...USPS_HOME, ...USPS_ABROAD].sort());
      expect(raw.filter((r) => r['suggestedPrices'] !== undefined)).toEqual([]);
      const synced = await priceCarrierServices(call, adminToken);
      expect(synced.map((s) => [s.uid, s.enabled, s.prices.map((tier) => tier.price)]).sort()).toEqual([...USPS_HOME, ...USPS_ABROAD].sort().map((uid) => [uid, false, [0]]));

      customer = await newBulkCustomer(call, adminToken, BALANCE, 'failover');
      const quote = await call('POST', '/orders/price/v2/bulk', { userId: customer.userId, shipments: [{ service_name: ORDER.service_name, package: { package_weight: ORDER.package.package_weight } }] }, { token: customer.token });
      expect(quote.body['totalPrice']).toBe(PRICE);
      expect([fakes.easyPost.labelsSold(), fakes.usps.labelsSold()]).toEqual([0, 0]);
    });

    it('buys a label whose buy answer EasyPost lost from EasyPost, by asking for the shipment, never from USPS, charging once', async () => {
      fakes.easyPost.loseNextBuyAnswer();
      const bought = await buy('lost-answer-0001');
      labelsBought += 1;
      expect(bought.status).toBe(200);
      const { orderId, trackingNumber, pdfName } = bought.body['data'] as { orderId: string; trackingNumber: string; pdfName: string };
      expect(easyPostSales(fakes.easyPost).get(orderId)).toEqual([trackingNumber]);
      // The shipment was asked about after its buy: the answer was lost, and EasyPost itself said what became of it.
      expect(shipmentReads()).toBe(1);
      expect(await labelFile(pdfName)).toEqual(await easyPostLabelFile(fakes.easyPost, trackingNumber));
      expect([fakes.easyPost.labelsSold(), fakes.usps.labelsSold(), fakes.usps.requests.length]).toEqual([1, 0, 0]);
      await expectChargedOnce({ easypost: 1 });
    });

    it('keeps a label EasyPost cannot confirm at once pending and paid, then finishes it from EasyPost, never USPS', async () => {
      fakes.easyPost.loseNextBuyAnswer();
      const buysBefore = easyPostBuysReceived(fakes.easyPost);
      const answer = buy('unconfirmed-0001');
      // The buy has reached EasyPost (it answers after its latency): the look at the shipment that follows fails.
      while (easyPostBuysReceived(fakes.easyPost) === buysBefore) await new Promise((r) => setTimeout(r, 10));
      expect(easyPostBuysReceived(fakes.easyPost)).toBe(buysBefore + 1);
      fakes.easyPost.failNextWith(503);
      const unconfirmed = await answer;
      labelsBought += 1;
      expect([unconfirmed.status, unconfirmed.body['message']]).toEqual([409, 'The carrier has not confirmed your label yet. It will be finished or refunded automatically: check Orders in a few minutes.']);
      const pending = (await listed()).find((o) => o.status === 'pending');
      expect(pending).toBeDefined();
      expect(await balanceOf(call, customer.token)).toBe(BALANCE - labelsBought * PRICE);

      let finished: ListedOrder | undefined;
      for (let i = 0; i < 120 && finished?.status !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        finished = (await listed()).find((o) => o._id === pending?._id);
      }
      expect(finished?.status).toBe('completed');
      expect(easyPostSales(fakes.easyPost).get(String(pending?._id))).toEqual([finished?.tracking_number]);
      expect([fakes.easyPost.labelsSold(), fakes.usps.labelsSold(), fakes.usps.requests.length]).toEqual([2, 0, 0]);
      const again = await buy('unconfirmed-0001');
      expect([again.status, (again.body['data'] as Body)['trackingNumber']]).toEqual([200, finished?.tracking_number]);
      await expectChargedOnce({ easypost: 2 });
    }, 60_000);

    it('buys a batch row whose buy answer EasyPost lost from EasyPost, never from USPS, charging each row once', async () => {
      fakes.easyPost.loseNextBuyAnswer();
      const shipmentReadsBefore = shipmentReads();
      const { orderId } = await submitBulk(call, customer, [0, 1, 2].map((i) => bulkRow(i)));
      const done = await waitForBulk(call, customer.token, orderId);
      labelsBought += 3;
      expect(done).toMatchObject({ status: 'completed', processedCount: 3, failedCount: 0, bulkOrderData: { cost: 3 * PRICE } });
      const sales = easyPostSales(fakes.easyPost);
      const soldForBatch = [...sales.entries()].filter(([key]) => key.startsWith('bulk:'));
      expect(soldForBatch.map(([, codes]) => codes.length)).toEqual([1, 1, 1]);
      expect((await batchTrackingNumbers(call, customer.token, orderId)).sort()).toEqual(soldForBatch.map(([, [code]]) => code).sort());
      // A row's buy answer was lost and EasyPost was asked what became of that shipment.
      expect(shipmentReads()).toBeGreaterThan(shipmentReadsBefore);
      expect([fakes.easyPost.labelsSold(), fakes.usps.labelsSold(), fakes.usps.requests.length]).toEqual([5, 0, 0]);
      await expectChargedOnce({ easypost: 5 });
    }, 60_000);

    it('buys single labels from USPS while EasyPost is down, charging once each and buying nothing from EasyPost', async () => {
      fakes.easyPost.down();
      const easyPostRequests = fakes.easyPost.requests.length;
      for (const key of ['easypost-down-0001', 'easypost-down-0002', 'easypost-down-0003']) {
        const bought = await buy(key);
        labelsBought += 1;
        expect(bought.status).toBe(200);
        const { trackingNumber, pdfName } = bought.body['data'] as { trackingNumber: string; pdfName: string };
        // The label is USPS's: its tracking number and the very file USPS answered.
        expect(await labelFile(pdfName)).toEqual(fakes.usps.labels.get(trackingNumber)?.image);
      }
      expect([fakes.easyPost.labelsSold(), fakes.easyPost.requests.length, fakes.usps.labelsSold()]).toEqual([5, easyPostRequests, 3]);
      await expectChargedOnce({ easypost: 5, usps: 3 });
    }, 60_000);

    it('buys a small batch from USPS while EasyPost is down, every row once, charged once each', async () => {
      const { orderId } = await submitBulk(call, customer, [10, 11, 12, 13, 14].map((i) => bulkRow(i)));
      const done = await waitForBulk(call, customer.token, orderId);
      labelsBought += 5;
      expect(done).toMatchObject({ status: 'completed', processedCount: 5, failedCount: 0, bulkOrderData: { cost: 5 * PRICE } });
      const tracking = await batchTrackingNumbers(call, customer.token, orderId);
      expect(new Set(tracking).size).toBe(5);
      expect(tracking.filter((code) => fakes.usps.labels.has(code))).toEqual(tracking);
      expect([fakes.easyPost.labelsSold(), fakes.usps.labelsSold()]).toEqual([5, 8]);
      await expectChargedOnce({ easypost: 5, usps: 8 });
    }, 60_000);
  });
};
