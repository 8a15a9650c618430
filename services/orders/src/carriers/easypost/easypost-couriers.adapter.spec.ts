import { FAKE_CARRIER_ACCOUNTS, FakeEasyPostServer, fedExCheckDigit, upsCheckDigit } from '@labeldesk/testing';
import type { BoughtLabel, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment } from './easypost-fixtures';

/** The adapter with the fake's carrier accounts of every courier, as EASYPOST_CARRIER_ACCOUNTS would name them. */
const ALL_CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHLExpress'];
const accountIdOf = (carrier: string): string => FAKE_CARRIER_ACCOUNTS.find((account) => account.carrier === carrier)?.id ?? 'ca_none';

let fake: FakeEasyPostServer;
let keys = 0;
const nextKey = () => `couriers-${process.pid}-${++keys}`;

const adapterFor = (carriers: readonly string[] | null, unratedServices: readonly string[] = []) => {
  fake = new FakeEasyPostServer({ carriers: ALL_CARRIERS, unratedServices });
  return async () => {
    await fake.start();
    return new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000, ...(carriers ? { carrierAccounts: carriers.map(accountIdOf) } : {}) });
  };
};

const bought = (outcome: PurchaseOutcome): BoughtLabel => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};

afterEach(async () => {
  expect(fake.shapeViolations()).toEqual([]);
  await fake.stop();
});

describe('EasyPostCarrierAdapter with carrier accounts of several couriers', () => {
  it("lists the catalog services of the couriers its accounts serve, and USPS's alone without accounts", async () => {
    const carrier = await adapterFor(ALL_CARRIERS)();
    expect((await carrier.listShippingServices()).map((service) => [service.uid, service.category])).toEqual([
      ['usps_priority', 'USPS'],
      ['usps_priority_express', 'USPS'],
      ['usps_ground_advantage', 'USPS'],
      ['ups_ground', 'UPS'],
      ['ups_3_day_select', 'UPS'],
      ['ups_2nd_day_air', 'UPS'],
      ['ups_next_day_air', 'UPS'],
      ['fedex_ground', 'FedEx'],
      ['fedex_express_saver', 'FedEx'],
      ['fedex_2_day', 'FedEx'],
      ['fedex_standard_overnight', 'FedEx'],
      ['dhl_express_worldwide', 'DHL Express'],
      ['usps_first_class_international', 'USPS'],
      ['usps_priority_international', 'USPS'],
      ['usps_priority_express_international', 'USPS'],
      ['ups_worldwide_saver', 'UPS'],
      ['ups_worldwide_expedited', 'UPS'],
      ['ups_standard', 'UPS'],
      ['fedex_international_priority', 'FedEx'],
      ['fedex_international_economy', 'FedEx'],
    ]);
    // The accounts are asked about once.
    await carrier.listShippingServices();
    expect(fake.requests.filter((request) => request.path === '/v2/carrier_accounts')).toHaveLength(1);

    const uspsOnly = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url });
    expect((await uspsOnly.listShippingServices()).map((service) => service.uid)).toEqual([
      'usps_priority',
      'usps_priority_express',
      'usps_ground_advantage',
      'usps_first_class_international',
      'usps_priority_international',
      'usps_priority_express_international',
    ]);
  });

  it('rates every service of its couriers in one request, with cost in cents and delivery estimates', async () => {
    const carrier = await adapterFor(['UPS', 'FedEx'])();
    const rates = await carrier.rates(easyPostTestShipment());
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([{ method: 'POST', path: '/v2/shipments' }]);
    expect(rates.map((rate) => rate.serviceUid)).toEqual(['ups_ground', 'ups_3_day_select', 'ups_2nd_day_air', 'ups_next_day_air', 'fedex_ground', 'fedex_express_saver', 'fedex_2_day', 'fedex_standard_overnight']);
    for (const rate of rates) {
      expect(Number.isInteger(rate.costCents) && rate.costCents > 0).toBe(true);
      expect(rate.deliveryDays).toBeGreaterThanOrEqual(1);
      expect(rate.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    const cost = (uid: string) => rates.find((rate) => rate.serviceUid === uid)?.costCents ?? 0;
    expect(cost('ups_ground')).toBeLessThan(cost('ups_2nd_day_air'));
    expect(cost('ups_2nd_day_air')).toBeLessThan(cost('ups_next_day_air'));
  });

  it('leaves DHL Express out of the rates of a domestic shipment: DHL Express carries none within the US', async () => {
    const carrier = await adapterFor(ALL_CARRIERS)();
    const rates = await carrier.rates(easyPostTestShipment());
    expect(rates.map((rate) => rate.serviceUid)).not.toContain('dhl_express_worldwide');
    expect(rates.map((rate) => rate.serviceUid)).toEqual(expect.arrayContaining(['usps_priority', 'ups_ground', 'fedex_ground']));
    const refused = await carrier.purchase(easyPostTestShipment({ serviceUid: 'dhl_express_worldwide' }), nextKey(), new MemoryJournal());
    expect(refused).toEqual({ kind: 'refused', message: 'DHL Express Worldwide is not offered for this shipment (DHL Express does not offer domestic shipments within the US).' });
    expect(fake.labelsSold()).toBe(0);
  });

  describe.each([
    ['usps_priority', 'USPS', /^9405\d{18}$/],
    ['ups_ground', 'UPS', /^1Z[0-9A-Z]{16}$/],
    ['fedex_ground', 'FedEx', /^\d{12}$/],
  ])('a %s label', (serviceUid, rateCarrier, trackingFormat) => {
    it(`is bought from the ${rateCarrier} account's rate, voided as EasyPost answers it, and tracked`, async () => {
      const carrier = await adapterFor(ALL_CARRIERS)();
      const label = bought(await carrier.purchase(easyPostTestShipment({ serviceUid }), nextKey(), new MemoryJournal()));

      expect(label).toMatchObject({ carrier: 'easypost', serviceUid, format: 'PDF' });
      expect(label.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(label.trackingNumber).toMatch(trackingFormat);
      if (rateCarrier === 'UPS') expect(Number(label.trackingNumber.at(-1))).toBe(upsCheckDigit(label.trackingNumber.slice(2, 17)));
      if (rateCarrier === 'FedEx') expect(Number(label.trackingNumber.at(-1))).toBe(fedExCheckDigit(label.trackingNumber.slice(0, 11)));
      const shipmentId = label.carrierRefs['shipmentId'] ?? '';
      const sold = fake.shipment(shipmentId) as { selected_rate: { carrier: string; carrier_account_id: string }; tracker: { carrier: string } };
      expect(sold.selected_rate).toMatchObject({ carrier: rateCarrier, carrier_account_id: accountIdOf(rateCarrier) });
      expect(sold.tracker.carrier).toBe(rateCarrier);

      const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() };
      expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: shipmentId });
      const pending = { ...toVoid, refundRef: shipmentId, requestedAt: new Date() };
      expect(await carrier.refundStatus(pending)).toEqual({ kind: 'refund_pending' });
      fake.settleRefundOf(label.trackingNumber, 'refunded');
      expect(await carrier.refundStatus(pending)).toEqual({ kind: 'refunded' });

      fake.addTrackingEvent(label.trackingNumber, { status: 'in_transit', message: 'Departed from facility', city: 'COLUMBUS', state: 'OH', zip: '43215' });
      expect(await carrier.track(toVoid)).toMatchObject({ status: 'in_transit', events: [{ status: 'in_transit', message: 'Departed from facility', location: 'COLUMBUS, OH 43215' }] });
    });
  });

  it("names the label's own courier when EasyPost will not refund it", async () => {
    const carrier = await adapterFor(ALL_CARRIERS)();
    const label = bought(await carrier.purchase(easyPostTestShipment({ serviceUid: 'fedex_2_day' }), nextKey(), new MemoryJournal()));
    const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() };
    await carrier.void(toVoid);
    fake.settleRefundOf(label.trackingNumber, 'not_applicable');
    expect(await carrier.refundStatus({ ...toVoid, refundRef: null, requestedAt: new Date() })).toEqual({ kind: 'refund_rejected', reason: 'FedEx does not refund this label: it has been used or is past the refund window.' });
    expect(await carrier.void(toVoid)).toEqual({ kind: 'refused', message: 'FedEx does not refund this label: it has been used or is past the refund window.' });
  });

  it('refuses in plain words a service no rate came back for, and one its accounts do not serve, buying nothing', async () => {
    const carrier = await adapterFor(['USPS', 'UPS'], ['Ground'])();
    expect(await carrier.purchase(easyPostTestShipment({ serviceUid: 'ups_ground' }), nextKey(), new MemoryJournal())).toEqual({
      kind: 'refused',
      message: 'UPS Ground is not offered for this shipment (Ground is not available for this shipment).',
    });
    expect(await carrier.purchase(easyPostTestShipment({ serviceUid: 'fedex_ground' }), nextKey(), new MemoryJournal())).toEqual({
      kind: 'refused',
      message: 'FedEx Ground is not offered through our EasyPost carrier accounts.',
    });
    expect(fake.labelsSold()).toBe(0);
  });

  it('sends its accounts as carrier_accounts, so the fake rates with those alone', async () => {
    const carrier = await adapterFor(['UPS'])();
    const label = bought(await carrier.purchase(easyPostTestShipment({ serviceUid: 'ups_next_day_air' }), nextKey(), new MemoryJournal()));
    const sold = fake.shipment(label.carrierRefs['shipmentId'] ?? '') as { rates: Array<{ carrier: string }> };
    expect(new Set(sold.rates.map((rate) => rate.carrier))).toEqual(new Set(['UPS']));
  });

  it('cannot say what it sells, and buys nothing, while an account id is not one of the API key', async () => {
    fake = new FakeEasyPostServer({ carriers: ['USPS'] });
    await fake.start();
    const carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, carrierAccounts: [accountIdOf('UPS')] });
    await expect(carrier.listShippingServices()).rejects.toThrow(`EasyPost has no carrier account ${accountIdOf('UPS')} for this API key (EASYPOST_CARRIER_ACCOUNTS).`);
    expect(await carrier.purchase(easyPostTestShipment({ serviceUid: 'ups_ground' }), nextKey(), new MemoryJournal())).toMatchObject({ kind: 'not_attempted', reason: 'unavailable' });
    await expect(carrier.rates(easyPostTestShipment())).rejects.toThrow(/no carrier account/);
    expect(fake.shipmentsCreated()).toBe(0);
  });
});
