import { FAKE_CARRIER_ACCOUNTS, FakeEasyPostServer, pdfTextOf } from '@labeldesk/testing';
import { anAbroadShipment, boughtLabel } from '../customs/testing/abroad-shipments';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';

let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;
let keys = 0;
const nextKey = () => `couriers-abroad-${process.pid}-${++keys}`;

const bought = boughtLabel;

beforeAll(async () => {
  fake = new FakeEasyPostServer({ carriers: ['UPS', 'FedEx'], pngLabelsOnly: true });
  await fake.start();
  const accounts = FAKE_CARRIER_ACCOUNTS.filter((account) => ['UPS', 'FedEx'].includes(account.carrier)).map((account) => account.id);
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000, carrierAccounts: accounts });
});

afterAll(async () => {
  expect(fake.shapeViolations()).toEqual([]);
  await fake.stop();
});

describe('UPS and FedEx abroad through EasyPost (decision 123)', () => {
  it('rates a parcel to Canada with UPS Worldwide Saver, Worldwide Expedited and Standard and FedEx International Priority and Economy, in cents', async () => {
    const rates = await carrier.rates(anAbroadShipment({ serviceUid: 'ups_worldwide_saver', country: 'CA' }));
    expect(rates.map((rate) => rate.serviceUid).sort()).toEqual(['fedex_international_economy', 'fedex_international_priority', 'ups_standard', 'ups_worldwide_expedited', 'ups_worldwide_saver']);
    expect(rates.every((rate) => Number.isInteger(rate.costCents) && rate.costCents > 0)).toBe(true);
  });

  it('offers UPS Standard to Canada only, not to Germany', async () => {
    const rates = await carrier.rates(anAbroadShipment({ serviceUid: 'ups_worldwide_saver', country: 'DE' }));
    expect(rates.map((rate) => rate.serviceUid)).not.toContain('ups_standard');
    expect(rates.map((rate) => rate.serviceUid)).toContain('ups_worldwide_expedited');
  });

  it.each([
    ['ups_worldwide_saver', 'CA', /^1Z[0-9A-Z]{16}$/],
    ['fedex_international_priority', 'DE', /^\d{12}$/],
  ] as const)('buys %s to %s with the commercial invoice behind the label listing every item, value and HS code', async (serviceUid, country, number) => {
    const label = bought(await carrier.purchase(anAbroadShipment({ serviceUid, country }), nextKey(), new MemoryJournal()));

    expect(label).toMatchObject({ carrier: 'easypost', serviceUid, format: 'PDF' });
    expect(label.trackingNumber).toMatch(number);
    const sent = fake.shipment(label.carrierRefs['shipmentId'] ?? '');
    expect(sent?.['customs_info']).toMatchObject({ customs_signer: 'Ada Sender', eel_pfc: country === 'CA' ? 'NOEEI 30.36' : 'NOEEI 30.37(a)' });
    const [labelPage, invoice] = pdfTextOf(label.file).split('\f');
    expect(labelPage).toContain('EASYPOST TEST');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    expect(invoice).toMatch(/Cotton T-shirt\s+2\s+40\.00\s+12\s+610910\s+US/);
    expect(invoice).toMatch(/Enamel mug\s+1\s+15\.50\s+14\.4\s+691200\s+CN/);
  });

  it("voids a FedEx International Economy label through EasyPost's refund once and reads its scans from EasyPost's tracker", async () => {
    const label = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'fedex_international_economy', country: 'GB' }), nextKey(), new MemoryJournal()));
    const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() };
    fake.addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipment information sent to FedEx', city: 'MEMPHIS', state: 'TN', zip: '38118' });
    expect(await carrier.track(toVoid)).toMatchObject({ status: 'pre_transit', events: [{ message: 'Shipment information sent to FedEx', location: 'MEMPHIS, TN 38118' }] });

    const accepted = fake.voidsAccepted();
    expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] });
    expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] });
    expect(fake.voidsAccepted()).toBe(accepted + 1);
  });
});
