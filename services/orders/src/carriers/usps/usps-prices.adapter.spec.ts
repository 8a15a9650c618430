import { FAKE_USPS_ACCOUNT, FakeUspsServer, uspsSpecs } from '@labeldesk/testing';
import type { LabelShipment, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { UspsCarrierAdapter } from './usps.adapter';
import { USPS_TEST_SHIPPER, uspsTestShipment } from './usps-fixtures';

/** Ground Advantage, Columbus OH (432) to New York NY (101): the fake's zone 04, 1.5 lb → 2 pounds: $4.20 + 4 × $0.10 + $0.40. */
const COST = 420 + 4 * 10 + 40;

beforeAll(() => void uspsSpecs(), 60_000);

describe('the USPS adapter prices a label before buying it (decisions 090 and 112)', () => {
  let fake: FakeUspsServer;
  let usps: UspsCarrierAdapter;
  let keys = 0;
  const buy = (change: Partial<LabelShipment>): Promise<PurchaseOutcome> => usps.purchase(uspsTestShipment(change), `prices-${++keys}`, new MemoryJournal());
  const pricesAsked = () => fake.requests.filter((request) => request.path === '/prices/v3/base-rates/search');

  beforeEach(async () => {
    fake = new FakeUspsServer();
    await fake.start();
    usps = new UspsCarrierAdapter({ apiUrl: fake.url, ...FAKE_USPS_ACCOUNT, timeoutMs: 60_000, shipperOf: () => USPS_TEST_SHIPPER });
  });
  afterEach(async () => {
    expect(fake.specViolations()).toEqual([]);
    await fake.stop();
  });

  it("refuses a label USPS prices above the customer's price, naming cost and price for the admin, before any payment or buy", async () => {
    const refused = await buy({ maxCostCents: COST - 1 });
    expect(refused).toMatchObject({ kind: 'refused', message: expect.stringContaining('USPS Ground Advantage is not sold at your price for this parcel'), belowCost: { serviceUid: 'usps_ground_advantage', costCents: COST, priceCents: COST - 1 } });
    expect(fake.requests.map((request) => request.path)).toEqual(['/oauth2/v3/token', '/prices/v3/base-rates/search']);
    expect(JSON.parse(pricesAsked()[0]?.body ?? '{}')).toMatchObject({ originZIPCode: '43215', destinationZIPCode: '10118', weight: 1.5, mailClass: 'USPS_GROUND_ADVANTAGE', rateIndicator: 'SP', priceType: 'COMMERCIAL', accountType: 'EPS', accountNumber: FAKE_USPS_ACCOUNT.accountNumber });
  });

  it('buys a label whose price covers it, at the cost USPS quoted', async () => {
    const outcome = await buy({ maxCostCents: COST });
    expect(outcome).toMatchObject({ kind: 'bought', label: { costCents: COST } });
    expect(pricesAsked()).toHaveLength(1);
  });

  it('asks no price of a label sold to no one, and buys nothing when the price check gets no answer', async () => {
    expect(await buy({})).toMatchObject({ kind: 'bought' });
    expect(pricesAsked()).toHaveLength(0);
    await buy({ maxCostCents: COST }); // signs in
    const labels = fake.requests.filter((request) => request.path === '/labels/v3/label').length;
    fake.failNextWith(503);
    expect(await buy({ maxCostCents: COST })).toMatchObject({ kind: 'not_attempted', reason: 'unavailable' });
    expect(fake.requests.filter((request) => request.path === '/labels/v3/label')).toHaveLength(labels);
  });
});
