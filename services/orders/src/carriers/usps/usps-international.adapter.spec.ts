import { FAKE_USPS_ACCOUNT, FakeUspsServer, pdfTextOf, uspsSpecs } from '@labeldesk/testing';
import type { BoughtLabel, PurchaseOutcome } from '../carrier.port';
import { anAbroadShipment, twoItemCustoms } from '../customs/testing/abroad-shipments';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { UspsCarrierAdapter } from './usps.adapter';
import { USPS_TEST_SHIPPER, uspsTestShipment } from './usps-fixtures';

type Json = Record<string, unknown>;

let fake: FakeUspsServer;
let usps: UspsCarrierAdapter;
let keys = 0;
const nextKey = () => `usps-abroad-${process.pid}-${++keys}`;

const bought = (outcome: PurchaseOutcome): BoughtLabel => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};
/** The body of the last International Labels request the fake received. */
const lastInternationalRequest = (): Json => JSON.parse(fake.requests.filter((request) => request.path === '/international-labels/v3/international-label').at(-1)?.body ?? '{}') as Json;

beforeAll(async () => {
  uspsSpecs();
  fake = new FakeUspsServer();
  await fake.start();
  usps = new UspsCarrierAdapter({ apiUrl: fake.url, ...FAKE_USPS_ACCOUNT, timeoutMs: 60_000, shipperOf: () => USPS_TEST_SHIPPER });
}, 60_000);
afterAll(async () => {
  await fake.stop();
});
afterEach(() => {
  // Every request the adapter sent, and every answer the fake gave, is one USPS's published specs allow.
  expect(fake.specViolations()).toEqual([]);
});

describe('UspsCarrierAdapter abroad (International Labels 3.3.7)', () => {
  it('buys Priority Mail International to Canada: the customs form from the declaration, an S10 number, the cost, and the PDF with every item, value and HS number', async () => {
    const label = bought(await usps.purchase(anAbroadShipment({ serviceUid: 'usps_priority_international', country: 'CA' }), nextKey(), new MemoryJournal()));

    expect(label).toMatchObject({ carrier: 'usps', serviceUid: 'usps_priority_international', format: 'PDF', costCents: 5_045, carrierRefs: { labelApi: 'international', priceGroup: '01' } });
    expect(label.trackingNumber).toMatch(/^CP\d{9}US$/);
    const sent = lastInternationalRequest();
    expect(sent['toAddress']).toEqual({ firstName: 'Jean', lastName: 'Tremblay', streetAddress: '100 Queen St W', city: 'Toronto', postalCode: 'M5H 2N2', province: 'ON', country: 'Canada', countryISOAlpha2Code: 'CA', phone: '4165550142' });
    expect(sent['customsForm']).toEqual({
      customsContentType: 'MERCHANDISE',
      AESITN: 'NOEEI 30.36',
      contents: [
        { itemDescription: 'Cotton T-shirt', itemQuantity: 2, itemTotalValue: 40, itemTotalWeight: 0.75, weightUOM: 'lb', HSTariffNumber: '610910', countryofOrigin: 'US' },
        { itemDescription: 'Enamel mug', itemQuantity: 1, itemTotalValue: 15.5, itemTotalWeight: 0.9, weightUOM: 'lb', HSTariffNumber: '691200', countryofOrigin: 'CN' },
      ],
    });
    expect(sent['senderAddress']).toMatchObject({ platformUserId: USPS_TEST_SHIPPER.platformUserId, email: USPS_TEST_SHIPPER.email });
    const [, customs] = pdfTextOf(label.file).split('\f');
    expect(customs).toMatch(/Cotton T-shirt\s+2\s+40\.00\s+0\.75\s+610910\s+US/);
    expect(customs).toMatch(/Enamel mug\s+1\s+15\.50\s+0\.9\s+691200\s+CN/);
  });

  it('writes the legend NOEEI 30.37(a) to Germany, "other" with its explanation, and ABANDON when asked', async () => {
    const customs = twoItemCustoms({ contents_type: 'other', contents_explanation: 'Handmade ceramics for an exhibition', non_delivery_option: 'abandon' });
    bought(await usps.purchase(anAbroadShipment({ serviceUid: 'usps_first_class_international', country: 'DE', customs }), nextKey(), new MemoryJournal()));
    const sent = lastInternationalRequest();
    expect(sent['customsForm']).toMatchObject({ customsContentType: 'OTHER', contentComments: 'Handmade ceramics for an', AESITN: 'NOEEI 30.37(a)' });
    expect((sent['packageDescription'] as Json)['packageOptions']).toEqual({ nonDeliveryOption: 'ABANDON' });
    expect((sent['packageDescription'] as Json)['mailClass']).toBe('FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE');
  });

  it('cancels a label abroad through the International Labels API', async () => {
    const label = bought(await usps.purchase(anAbroadShipment({ serviceUid: 'usps_priority_express_international', country: 'GB' }), nextKey(), new MemoryJournal()));
    expect(await usps.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() })).toEqual({ kind: 'voided' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/international-labels/v3/international-label/${label.trackingNumber}` });
  });

  it('answers a lost answer abroad with the label already sold, never a second one', async () => {
    const shipment = anAbroadShipment({ serviceUid: 'usps_priority_international', country: 'GB' });
    const key = nextKey();
    const journal = new MemoryJournal();
    fake.loseNextBuyAnswer();
    const lost = await usps.purchase(shipment, key, journal);
    expect(lost.kind).toBe('unknown');
    const sold = fake.labelsSold();

    const resolved = bought(await usps.resolve(shipment, key, journal.refs));
    expect(resolved.trackingNumber).toMatch(/^CP\d{9}US$/);
    expect(fake.labelsSold()).toBe(sold);
  });

  it('refuses before asking USPS: a domestic service abroad, an international one at home, First-Class over 4 lb or $400, DDP, "Gift" as an item', async () => {
    const before = fake.requests.length;
    const refusal = async (outcome: Promise<PurchaseOutcome>) => {
      const answer = await outcome;
      if (answer.kind !== 'refused') throw new Error(`expected a refusal, got ${answer.kind}`);
      return answer.message;
    };
    expect(await refusal(usps.purchase(anAbroadShipment({ serviceUid: 'usps_priority', country: 'CA' }), nextKey(), new MemoryJournal()))).toBe('USPS does not carry usps priority abroad: choose an international service.');
    expect(await refusal(usps.purchase(uspsTestShipment({ serviceUid: 'usps_priority_international' }), nextKey(), new MemoryJournal()))).toBe('USPS international services go abroad only: choose a domestic service for a US address.');
    const heavy = anAbroadShipment({ serviceUid: 'usps_first_class_international', country: 'CA' });
    expect(await refusal(usps.purchase({ ...heavy, package: { ...heavy.package, weightLb: 5 } }, nextKey(), new MemoryJournal()))).toBe('USPS First-Class Package International takes parcels from over 0 up to 4 lb; this one weighs 5 lb.');
    expect(await refusal(usps.purchase(anAbroadShipment({ serviceUid: 'usps_priority_international', customs: twoItemCustoms({ incoterm: 'DDP' }) }), nextKey(), new MemoryJournal()))).toMatch(/DDP/);
    const dear = twoItemCustoms({ items: [{ description: 'Camera', quantity: 1, value_cents: 45_000, weight_lb: 2, hs_tariff_number: '852581', origin_country: 'JP' }] });
    expect(await refusal(usps.purchase(anAbroadShipment({ serviceUid: 'usps_first_class_international', customs: dear }), nextKey(), new MemoryJournal()))).toBe(
      'USPS First-Class Package International takes contents worth up to $400.00; these are worth $450.00: choose Priority Mail International.',
    );
    const gift = twoItemCustoms({ items: [{ description: 'Gift', quantity: 1, value_cents: 1_000, weight_lb: 1, hs_tariff_number: null, origin_country: 'US' }] });
    expect(await refusal(usps.purchase(anAbroadShipment({ serviceUid: 'usps_priority_international', customs: gift }), nextKey(), new MemoryJournal()))).toBe('USPS does not take "Gift" as an item description: say what the item is.');
    expect(fake.requests.length).toBe(before);
  });
});
