import { FakeEasyPostServer } from '../fake-easypost.server';
import { FAKE_CARRIER_ACCOUNTS, fakeCarrierAccountOf } from './carrier-accounts';
import { billablePounds, zoneOf } from './courier-rates';
import { call, created, errorOf, shipmentRequest, type ShipmentJson } from './spec-calls';
import { dhlExpressCheckDigit, dhlExpressTrackingNumber, fedExCheckDigit, fedExTrackingNumber, upsCheckDigit, upsTrackingNumber } from './tracking-numbers';

const EVERY_CARRIER = ['USPS', 'UPS', 'FedEx', 'DHLExpress'];

describe("the fake EasyPost's carrier accounts", () => {
  let fake: FakeEasyPostServer;

  beforeEach(async () => {
    fake = new FakeEasyPostServer({ carriers: EVERY_CARRIER });
    await fake.start();
  });

  afterEach(async () => {
    expect(fake.shapeViolations()).toEqual([]);
    await fake.stop();
  });

  const withAccounts = (carrierAccounts: unknown) => {
    const request = shipmentRequest();
    return { shipment: { ...request.shipment, carrier_accounts: carrierAccounts } };
  };
  const carriersOf = (shipment: ShipmentJson) => [...new Set(shipment.rates.map((rate) => rate.carrier))].sort();

  it('lists its accounts as EasyPost does, one per courier, each a ca_ id', async () => {
    const reply = await call(fake, 'GET', '/v2/carrier_accounts');
    expect(reply.status).toBe(200);
    expect((reply.json as Array<{ id: string; type: string; object: string }>).map(({ id, type, object }) => [id, type, object])).toEqual(
      FAKE_CARRIER_ACCOUNTS.map((account) => [account.id, account.type, 'CarrierAccount']),
    );
    for (const account of FAKE_CARRIER_ACCOUNTS) expect(account.id).toMatch(/^ca_[0-9a-f]{32}$/);
  });

  it('rates with every account when the shipment names none, and with the named ones alone otherwise, ids or {id} objects', async () => {
    expect(carriersOf(await created(fake))).toEqual(['FedEx', 'UPS', 'USPS']);
    expect(carriersOf(await created(fake, withAccounts([fakeCarrierAccountOf('UPS').id])))).toEqual(['UPS']);
    expect(carriersOf(await created(fake, withAccounts([{ id: fakeCarrierAccountOf('FedEx').id }, fakeCarrierAccountOf('USPS').id])))).toEqual(['FedEx', 'USPS']);
    expect(carriersOf(await created(fake, withAccounts([])))).toEqual(['FedEx', 'UPS', 'USPS']);
  });

  it('rates one rate per service of each account, with the account id and, for UPS and FedEx, a delivery date', async () => {
    type RateJson = ShipmentJson['rates'][number] & { carrier_account_id: string; delivery_date: string | null };
    const shipment = (await created(fake)) as Omit<ShipmentJson, 'rates'> & { rates: RateJson[] };
    expect(shipment.rates.filter((rate) => rate.carrier === 'UPS').map((rate) => rate.service)).toEqual(['Ground', '3DaySelect', '2ndDayAir', 'NextDayAir']);
    expect(shipment.rates.filter((rate) => rate.carrier === 'FedEx').map((rate) => rate.service)).toEqual(['FEDEX_GROUND', 'FEDEX_EXPRESS_SAVER', 'FEDEX_2_DAY', 'STANDARD_OVERNIGHT']);
    for (const rate of shipment.rates) expect(rate.carrier_account_id).toBe(fakeCarrierAccountOf(rate.carrier).id);
    for (const rate of shipment.rates.filter((candidate) => candidate.carrier !== 'USPS')) expect(rate.delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}T(23:00|10:00|17:00):00Z$/);
    expect(shipment.rates.filter((rate) => rate.carrier === 'USPS').every((rate) => rate.delivery_date === null)).toBe(true);
  });

  it('answers a rate error for DHL Express on a domestic shipment, which it does not carry', async () => {
    const shipment = (await created(fake, withAccounts([fakeCarrierAccountOf('DHLExpress').id]))) as ShipmentJson & { messages: unknown[] };
    expect(shipment.rates).toEqual([]);
    expect(shipment.messages).toEqual([expect.objectContaining({ carrier: 'DHLExpress', carrier_account_id: fakeCarrierAccountOf('DHLExpress').id, type: 'rate_error' })]);
  });

  it('refuses an account the API key does not hold, as an invalid parameter', async () => {
    const usps = new FakeEasyPostServer();
    await usps.start();
    try {
      const reply = await call(usps, 'POST', '/v2/shipments', withAccounts([fakeCarrierAccountOf('UPS').id, 'ca_nope']));
      expect(reply.status).toBe(422);
      expect(errorOf(reply)).toMatchObject({ code: 'PARAMETER.INVALID', errors: [{ field: 'carrier_accounts.0' }, { field: 'carrier_accounts.1' }] });
    } finally {
      await usps.stop();
    }
  });

  it('prices UPS and FedEx by zone and by the dimensional weight of a light, bulky box', async () => {
    const price = async (toZip: string, parcel: Record<string, number>) => {
      const request = shipmentRequest({ to: { zip: toZip } });
      const shipment = await created(fake, withAccountsOf(request, parcel));
      return Number(shipment.rates.find((rate) => rate.service === 'Ground')?.rate);
    };
    const withAccountsOf = (request: ReturnType<typeof shipmentRequest>, parcel: Record<string, number>) => ({ shipment: { ...request.shipment, parcel: { ...request.shipment.parcel, ...parcel }, carrier_accounts: [fakeCarrierAccountOf('UPS').id] } });
    const near = await price('43017', { weight: 16 });
    const far = await price('90210', { weight: 16 });
    expect(far).toBeGreaterThan(near);
    // 20 × 20 × 20 in ÷ 139 = 58 lb billed for a 1 lb box.
    expect(await price('43017', { weight: 16, length: 20, width: 20, height: 20 })).toBeGreaterThan(await price('43017', { weight: 16 * 57 }));
  });

  it('sells a label of the rate bought, with the tracker and refund naming its carrier', async () => {
    const shipment = await created(fake, withAccounts([fakeCarrierAccountOf('UPS').id]));
    const rate = shipment.rates.find((candidate) => candidate.service === '2ndDayAir');
    const sold = (await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rate?.id } })).json as ShipmentJson & { tracker: { carrier: string }; tracking_code: string };
    expect(sold.tracking_code).toMatch(/^1Z[0-9A-Z]{6}02\d{8}$/);
    expect(sold.tracker.carrier).toBe('UPS');
    const refunds = await call(fake, 'POST', '/v2/refunds', { refund: { carrier: 'UPS', tracking_codes: [sold.tracking_code] } });
    expect(refunds.json).toEqual([expect.objectContaining({ carrier: 'UPS', status: 'submitted', tracking_code: sold.tracking_code })]);
  });
});

describe("the fake's zones and billable weight", () => {
  it('puts one ZIP3 in zone 2, a neighbouring area near, and the far coast in zone 8', () => {
    expect(zoneOf('43215', '43220')).toBe(2);
    expect(zoneOf('43215', '46201')).toBe(3);
    expect(zoneOf('10118', '90210')).toBe(8);
  });

  it('bills the greater of the actual and the dimensional weight, in whole pounds', () => {
    const route = { weightOz: 15.4, lengthIn: 10, widthIn: 8, heightIn: 4, fromZip: '43215', toZip: '10118', toCountry: 'US' };
    expect(billablePounds(route)).toBe(3);
    expect(billablePounds({ ...route, lengthIn: null })).toBe(1);
    expect(billablePounds({ ...route, weightOz: 80 })).toBe(5);
  });
});

describe("the fake's tracking numbers", () => {
  it("compute the check digit of the couriers' published examples (jkeen/tracking_number_data)", () => {
    expect(upsCheckDigit('999AA1012345678')).toBe(4); // 1Z999AA10123456784
    expect(upsCheckDigit('5R8939035756712')).toBe(7); // 1Z5R89390357567127
    expect(fedExCheckDigit('98657878885')).toBe(5); // 986578788855
    expect(fedExCheckDigit('47717908123')).toBe(0); // 477179081230
    expect(dhlExpressCheckDigit('331881002')).toBe(5); // 3318810025
    expect(dhlExpressCheckDigit('848713550')).toBe(6); // 8487135506
  });

  it("are in each courier's format: UPS 1Z and 16 more, FedEx 12 digits, DHL Express 10", () => {
    expect(upsTrackingNumber('03', 42)).toMatch(/^1Z[0-9A-Z]{6}03\d{8}$/);
    expect(fedExTrackingNumber(42)).toMatch(/^\d{12}$/);
    expect(dhlExpressTrackingNumber(42)).toMatch(/^\d{10}$/);
  });
});
