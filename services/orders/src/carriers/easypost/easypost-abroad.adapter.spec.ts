import { FAKE_CARRIER_ACCOUNTS, FakeEasyPostServer, pdfTextOf } from '@labeldesk/testing';
import { PDFDocument } from 'pdf-lib';
import { anAbroadShipment, boughtLabel, twoItemCustoms } from '../customs/testing/abroad-shipments';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { CUSTOMS_NEED_PDF, EasyPostCarrierAdapter } from './easypost.adapter';

type Json = Record<string, unknown>;

let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;
let keys = 0;
const nextKey = () => `abroad-${process.pid}-${++keys}`;

const bought = boughtLabel;

beforeAll(async () => {
  fake = new FakeEasyPostServer({ carriers: ['USPS', 'DHLExpress'], pngLabelsOnly: true });
  await fake.start();
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000, carrierAccounts: FAKE_CARRIER_ACCOUNTS.filter((account) => ['USPS', 'DHLExpress'].includes(account.carrier)).map((account) => account.id) });
});

afterAll(async () => {
  expect(fake.shapeViolations()).toEqual([]);
  await fake.stop();
});

describe('EasyPost labels abroad', () => {
  it('sends the customs declaration as customs_info: line totals in dollars and ounces, HS codes, origins and the export legend', async () => {
    const label = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'GB' }), nextKey(), new MemoryJournal()));
    const sent = fake.shipment(label.carrierRefs['shipmentId'] ?? '')?.['customs_info'] as Json;
    expect(sent).toMatchObject({ contents_type: 'merchandise', non_delivery_option: 'return', customs_certify: true, customs_signer: 'Ada Sender', eel_pfc: 'NOEEI 30.37(a)', restriction_type: 'none' });
    expect(sent['customs_items']).toEqual([
      expect.objectContaining({ description: 'Cotton T-shirt', quantity: 2, value: '40.00', weight: 12, hs_tariff_number: '610910', origin_country: 'US' }),
      expect.objectContaining({ description: 'Enamel mug', quantity: 1, value: '15.50', weight: 14.4, hs_tariff_number: '691200', origin_country: 'CN' }),
    ]);
  });

  it('buys a DHL Express label to the UK whose PDF is the label first and the commercial invoice behind it, every item, value and HS code readable', async () => {
    const label = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'GB' }), nextKey(), new MemoryJournal()));

    expect(label).toMatchObject({ carrier: 'easypost', serviceUid: 'dhl_express_worldwide', format: 'PDF' });
    expect(label.trackingNumber).toMatch(/^\d{10}$/);
    const pdf = await PDFDocument.load(label.file);
    expect(pdf.getPages().map((page) => page.getSize())).toEqual([{ width: 288, height: 432 }, { width: 612, height: 792 }]);
    const [labelPage, invoice] = pdfTextOf(label.file).split('\f');
    expect(labelPage).toContain('EASYPOST TEST');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    expect(invoice).toMatch(/Cotton T-shirt\s+2\s+40\.00\s+12\s+610910\s+US/);
    expect(invoice).toMatch(/Enamel mug\s+1\s+15\.50\s+14\.4\s+691200\s+CN/);
    expect(invoice).toContain('NOEEI 30.37(a)');
  });

  it("voids a DHL Express label through EasyPost's refund and reads its scans from EasyPost's tracker", async () => {
    const label = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'DE' }), nextKey(), new MemoryJournal()));
    const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() };

    fake.addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipment information received', city: 'COLUMBUS', state: 'OH', zip: '43215' });
    const tracking = await carrier.track(toVoid);
    expect(tracking).toMatchObject({ status: 'pre_transit', events: [{ status: 'pre_transit', message: 'Shipment information received', location: 'COLUMBUS, OH 43215' }] });

    expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] });
    expect(await carrier.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: label.carrierRefs['shipmentId'] });
    expect(fake.voidsAccepted()).toBe(1);
  });

  it('writes NOEEI 30.36 to Canada, and the ITN filed when a line is over $2,500', async () => {
    const canada = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'CA' }), nextKey(), new MemoryJournal()));
    expect((fake.shipment(canada.carrierRefs['shipmentId'] ?? '')?.['customs_info'] as Json)['eel_pfc']).toBe('NOEEI 30.36');

    const dear = twoItemCustoms({ itn: 'X20260115123456', items: [{ description: 'Camera', quantity: 1, value_cents: 300_000, weight_lb: 2, hs_tariff_number: '852581', origin_country: 'JP' }] });
    const filed = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'DE', customs: dear }), nextKey(), new MemoryJournal()));
    expect((fake.shipment(filed.carrierRefs['shipmentId'] ?? '')?.['customs_info'] as Json)['eel_pfc']).toBe('AES X20260115123456');
  });

  it("rates a parcel to Canada with USPS's services abroad and DHL Express, in cents", async () => {
    const rates = await carrier.rates(anAbroadShipment({ serviceUid: 'usps_priority_international', country: 'CA' }));
    expect(rates.map((rate) => rate.serviceUid)).toEqual(['dhl_express_worldwide', 'usps_first_class_international', 'usps_priority_international', 'usps_priority_express_international']);
    expect(rates.every((rate) => Number.isInteger(rate.costCents) && rate.costCents > 0)).toBe(true);
  });

  it('buys USPS First-Class Package International to Canada through EasyPost with its CN22 behind the label', async () => {
    const label = bought(await carrier.purchase(anAbroadShipment({ serviceUid: 'usps_first_class_international', country: 'CA' }), nextKey(), new MemoryJournal()));
    expect(label.trackingNumber).toMatch(/^LZ\d{9}US$/);
    const [, form] = pdfTextOf(label.file).split('\f');
    expect(form).toContain('CUSTOMS DECLARATION CN 22');
    expect(form).toMatch(/Cotton T-shirt\s+2\s+40\.00/);
  });

  it('refuses a ZPL label with customs before asking EasyPost anything, saying to choose a PDF', async () => {
    const before = fake.requests.length;
    expect(await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'GB', format: 'ZPL' }), nextKey(), new MemoryJournal())).toEqual({ kind: 'refused', message: CUSTOMS_NEED_PDF });
    expect(fake.requests.length).toBe(before);
  });

  it('passes on EasyPost\'s refusal of a shipment abroad without customs, naming the field', async () => {
    const outcome = await carrier.purchase(anAbroadShipment({ serviceUid: 'dhl_express_worldwide', country: 'GB', customs: null }), nextKey(), new MemoryJournal());
    expect(outcome).toEqual({ kind: 'refused', message: 'EasyPost refused the shipment: customs is required for a shipment to another country.' });
  });
});
