import { FakeUspsServer, uspsSpecs } from '../fake-usps.server';
import { centralToday, type Json, uspsCalls } from './spec-calls';

describe('the fake USPS Domestic Prices API (decision 112)', () => {
  let fake: FakeUspsServer;
  const usps = uspsCalls(() => fake);
  const query = (change: Json = {}): Json => ({
    originZIPCode: '43215',
    destinationZIPCode: '10118',
    weight: 1.5,
    length: 10,
    width: 8,
    height: 4,
    mailClass: 'PRIORITY_MAIL',
    processingCategory: 'MACHINABLE',
    rateIndicator: 'SP',
    destinationEntryFacilityType: 'NONE',
    priceType: 'COMMERCIAL',
    mailingDate: centralToday(new Date()),
    ...change,
  });
  const price = async (body: Json, bearer?: string) =>
    usps.call('/prices/v3/base-rates/search', { method: 'POST', headers: { Authorization: `Bearer ${bearer ?? (await usps.session()).bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(() => void uspsSpecs(), 60_000);
  beforeEach(async () => {
    fake = new FakeUspsServer();
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('answers the price a label bought with the same ingredients costs, its fees included, as the spec shapes it', async () => {
    const answer = await price(query({ length: 24, accountType: 'EPS', accountNumber: '1000123456' }));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { totalBasePrice: number; rates: Json[] };
    // Zone 04, 2 pounds: 5.60 + 4 × 0.10 + 0.50, and the nonstandard length fee over 22 in (4.00).
    expect(body).toMatchObject({ totalBasePrice: 10.5, rates: [{ price: 6.5, zone: '04', mailClass: 'PRIORITY_MAIL', priceType: 'CONTRACT', fees: [{ name: 'Nonstandard Length > 22 in', price: 4 }] }] });
    expect(fake.specViolations()).toEqual([]);
  });

  it("refuses a query the spec does not allow with USPS's 400, and one without a bearer token with its 401", async () => {
    const { weight: _weight, ...withoutWeight } = query();
    expect((await price(withoutWeight)).status).toBe(400);
    expect((await price(query({ rateIndicator: 'XX' }))).status).toBe(400);
    expect((await price(query(), 'not-a-token')).status).toBe(401);
  });

  it('answers a price abroad from the model its international labels are charged by, as International Prices 3.3.11 shapes it', async () => {
    const abroad = { originZIPCode: '43215', destinationCountryCode: 'DE', weight: 2.2, length: 10, width: 8, height: 4, mailClass: 'PRIORITY_MAIL_INTERNATIONAL', processingCategory: 'MACHINABLE', rateIndicator: 'SP', destinationEntryFacilityType: 'NONE', priceType: 'COMMERCIAL', mailingDate: centralToday(new Date()) };
    const session = await usps.session();
    const ask = (body: Json) => usps.call('/international-prices/v3/base-rates/search', { method: 'POST', headers: { Authorization: `Bearer ${session.bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await ask(abroad);
    expect(answer.status).toBe(200);
    // Price group 12 (not Canada), 3 pounds: $57.95 + 2 × $4.50.
    expect(await answer.json()).toMatchObject({ totalBasePrice: 66.95, rates: [{ SKU: 'IPXX0XXXXB12003', price: 66.95, zone: '12', mailClass: 'PRIORITY_MAIL_INTERNATIONAL' }] });
    expect((await ask({ ...abroad, destinationCountryCode: 'de' })).status).toBe(400);
    expect((await ask({ ...abroad, mailClass: 'GLOBAL_EXPRESS_GUARANTEED' })).status).toBe(400);
    expect(fake.specViolations().filter((violation) => violation.where === 'response')).toEqual([]);
  });
});
