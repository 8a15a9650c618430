import { FakeEasyPostServer, FAKE_CARRIER_ACCOUNTS } from '../fake-easypost.server';
import { address, call, created, errorOf, rateOf, shipmentRequest, type ShipmentJson } from './spec-calls';
import { pdfTextOf as pdfText } from '../pdf-text';
import { s10CheckDigit } from './tracking-numbers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;

/** EasyPost rates abroad copied from its dashboard into public scripts (recorded/README.md). */
const abroadRates = JSON.parse(readFileSync(join(__dirname, 'recorded/abroad-rates.json'), 'utf8')) as Record<string, { rates: Array<{ carrier: string; service: string }> }>;


const CUSTOMS = {
  contents_type: 'merchandise',
  restriction_type: 'none',
  non_delivery_option: 'return',
  customs_certify: true,
  customs_signer: 'Ada Sender',
  eel_pfc: 'NOEEI 30.37(a)',
  customs_items: [
    { description: 'Cotton T-shirt', quantity: 2, value: 40, weight: 12, hs_tariff_number: '6109.10', origin_country: 'US' },
    { description: 'Enamel mug', quantity: 1, value: 15.5, weight: 14.5, hs_tariff_number: '691200', origin_country: 'CN' },
  ],
};

const TORONTO = { name: 'Jean Tremblay', street1: '100 Queen St W', city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'CA' };

const abroad = (to: Json = TORONTO, customs: unknown = CUSTOMS, accounts?: string[]) => {
  const request = shipmentRequest({ to });
  return { shipment: { ...request.shipment, to_address: to, ...(customs === null ? {} : { customs_info: customs }), ...(accounts ? { carrier_accounts: accounts } : {}) } };
};

describe('the fake EasyPost abroad', () => {
  let fake: FakeEasyPostServer;

  beforeAll(async () => {
    fake = new FakeEasyPostServer({ carriers: FAKE_CARRIER_ACCOUNTS.map((account) => account.carrier) });
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    expect(fake.shapeViolations()).toEqual([]);
  });

  it("rates a parcel to Canada with USPS's international services, UPS's and FedEx's abroad (UPS Standard among them) and DHL Express", async () => {
    const shipment = (await created(fake, abroad())) as ShipmentJson & { messages: Array<{ carrier: string; message: string }>; customs_info: Json };
    expect(shipment.rates.map((rate) => `${rate.carrier} ${rate.service}`).sort()).toEqual([
      'DHLExpress ExpressWorldwideNonDoc',
      'FedEx INTERNATIONAL_ECONOMY',
      'FedEx INTERNATIONAL_PRIORITY',
      'UPS Expedited',
      'UPS UPSSaver',
      'UPS UPSStandard',
      'USPS ExpressMailInternational',
      'USPS FirstClassPackageInternationalService',
      'USPS PriorityMailInternational',
    ]);
    expect(shipment.messages).toEqual([]);
    expect(shipment.customs_info).toMatchObject({ object: 'CustomsInfo', eel_pfc: 'NOEEI 30.37(a)', customs_items: [{ description: 'Cotton T-shirt', value: '40.00', hs_tariff_number: '6109.10' }, { origin_country: 'CN' }] });
  });

  it('rates UPS and FedEx abroad by the names of the EasyPost rates recorded abroad, UPS Standard only to Canada and Mexico', async () => {
    const recorded = new Set(Object.values(abroadRates).flatMap((entry) => entry.rates.map((rate) => `${rate.carrier} ${rate.service}`)));
    const berlin = { name: 'Lena Vogel', street1: 'Unter den Linden 77', city: 'Berlin', zip: '10117', country: 'DE' };
    const shipment = await created(fake, abroad(berlin));
    const couriers = shipment.rates.filter((rate) => rate.carrier === 'UPS' || rate.carrier === 'FedEx').map((rate) => `${rate.carrier} ${rate.service}`);
    expect(couriers.sort()).toEqual(['FedEx INTERNATIONAL_ECONOMY', 'FedEx INTERNATIONAL_PRIORITY', 'UPS Expedited', 'UPS UPSSaver']);
    for (const name of [...couriers, 'UPS UPSStandard']) expect(recorded).toContain(name);
  });

  it.each([
    ['UPS', 'UPSSaver', /^1Z[0-9A-Z]{16}$/],
    ['FedEx', 'INTERNATIONAL_PRIORITY', /^\d{12}$/],
  ])('buys a %s %s label abroad with a commercial invoice listing every item', async (carrier, service, number) => {
    const account = FAKE_CARRIER_ACCOUNTS.find((candidate) => candidate.carrier === carrier)?.id ?? '';
    const shipment = await created(fake, abroad(TORONTO, CUSTOMS, [account]));
    const bought = (await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, service).id } })).json as ShipmentJson & { forms: Array<{ form_type: string; form_url: string }> };
    expect(bought.tracking_code).toMatch(number);
    expect(bought.forms.map((form) => form.form_type)).toEqual(['commercial_invoice']);
    const text = pdfText(Buffer.from(await (await fetch(bought.forms[0]?.form_url ?? '')).arrayBuffer()));
    expect(text).toMatch(/Cotton T-shirt\s+2\s+40\.00\s+12\s+6109\.10\s+US/);
    expect(text).toMatch(/Enamel mug\s+1\s+15\.50\s+14\.5\s+691200\s+CN/);
  });

  it('refuses a shipment abroad without customs_info, naming the field, and one whose item has a bad HS code or no value', async () => {
    const without = await call(fake, 'POST', '/v2/shipments', abroad(TORONTO, null));
    expect([without.status, errorOf(without).code]).toEqual([422, 'PARAMETER.REQUIRED']);
    expect(errorOf(without).errors).toContainEqual({ field: 'customs_info', message: 'is required for a shipment to another country' });

    const [first] = CUSTOMS.customs_items;
    const bad = await call(fake, 'POST', '/v2/shipments', abroad(TORONTO, { ...CUSTOMS, customs_items: [{ ...first, hs_tariff_number: '12', value: 0 }] }));
    expect([bad.status, errorOf(bad).code]).toEqual([422, 'PARAMETER.INVALID']);
    expect(errorOf(bad).errors.map((error) => error.field).sort()).toEqual(['customs_info.customs_items.0.hs_tariff_number', 'customs_info.customs_items.0.value']);
  });

  it('takes a receiver abroad without US ZIP or state rules, and still refuses a sender abroad', async () => {
    const berlin = { name: 'Lena Vogel', street1: 'Unter den Linden 77', city: 'Berlin', zip: '10117', country: 'DE' };
    expect((await call(fake, 'POST', '/v2/shipments', abroad(berlin))).status).toBe(201);
    const fromAbroad = abroad();
    fromAbroad.shipment.from_address = address({ state: undefined, zip: 'SW1A 1AA', country: 'GB', city: 'London' });
    const refused = await call(fake, 'POST', '/v2/shipments', fromAbroad);
    expect(errorOf(refused).errors).toContainEqual({ field: 'from_address.country', message: 'must be US: this fake sells labels from the US only' });
  });

  it('buys a DHL Express label with a commercial invoice listing every item, its value and HS code', async () => {
    const dhl = FAKE_CARRIER_ACCOUNTS.find((account) => account.carrier === 'DHLExpress')?.id ?? '';
    const shipment = await created(fake, abroad({ ...TORONTO, country: 'GB', state: undefined, zip: 'SW1A 1AA', city: 'London' }, CUSTOMS, [dhl]));
    const reply = await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'ExpressWorldwideNonDoc').id } });
    const bought = reply.json as ShipmentJson & { forms: Array<{ object: string; form_type: string; form_url: string }> };
    expect(bought.tracking_code).toMatch(/^\d{10}$/);
    expect(bought.forms).toEqual([expect.objectContaining({ object: 'Form', form_type: 'commercial_invoice', form_url: expect.stringMatching(/\/files\/form\/\d{8}\/[0-9a-f]+\.pdf$/) })]);

    const text = pdfText(Buffer.from(await (await fetch(bought.forms[0]?.form_url ?? '')).arrayBuffer()));
    expect(text).toContain('COMMERCIAL INVOICE');
    expect(text).toMatch(/Cotton T-shirt\s+2\s+40\.00\s+12\s+6109\.10\s+US/);
    expect(text).toMatch(/Enamel mug\s+1\s+15\.50\s+14\.5\s+691200\s+CN/);
    expect(text).toContain('NOEEI 30.37(a)');
  });

  it("buys a USPS First-Class Package International label with a UPU S10 number and a CN22 for contents up to $400", async () => {
    const shipment = await created(fake, abroad());
    const reply = await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'FirstClassPackageInternationalService').id } });
    const bought = reply.json as ShipmentJson & { forms: Array<{ form_type: string }> };
    const number = /^LZ(\d{8})(\d)US$/.exec(bought.tracking_code ?? '');
    expect(number && s10CheckDigit(number[1] ?? '')).toBe(Number(number?.[2]));
    expect(bought.forms.map((form) => form.form_type)).toEqual(['cn22']);
  });

  it("computes the UPU S10 check digit of the standard's example item number RR 47312482 9 GB", () => {
    expect(s10CheckDigit('47312482')).toBe(9);
  });
});
