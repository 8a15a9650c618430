import { FAKE_USPS_ACCOUNT, FakeUspsServer, uspsSpecs } from '@labeldesk/testing';
import type { PurchaseOutcome } from '../carrier.port';
import { anAbroadShipment } from '../customs/testing/abroad-shipments';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { withFreshUspsFake } from './usps-fake-harness';

/** Priority Mail International to Canada (price group 01), the shipment's 2 pounds: $45.95 + $4.50. */
const COST = 4_595 + 450;
const PRICES_ABROAD = '/international-prices/v3/base-rates/search';

beforeAll(() => void uspsSpecs(), 60_000);

describe('the USPS adapter prices a label abroad before buying it (decision 118)', () => {
  const { fake, usps } = withFreshUspsFake(() => new FakeUspsServer(), FAKE_USPS_ACCOUNT);
  let keys = 0;
  const buy = (maxCostCents?: number): Promise<PurchaseOutcome> =>
    usps().purchase({ ...anAbroadShipment({ serviceUid: 'usps_priority_international', country: 'CA' }), ...(maxCostCents === undefined ? {} : { maxCostCents }) }, `prices-abroad-${++keys}`, new MemoryJournal());
  const paths = () => fake().requests.map((request) => request.path);

  it("refuses a label abroad USPS's International Prices API prices above the customer's price, before any payment or buy, naming cost and price", async () => {
    const refused = await buy(COST - 1);

    expect(refused).toMatchObject({ kind: 'refused', belowCost: { serviceUid: 'usps_priority_international', costCents: COST, priceCents: COST - 1 } });
    expect(paths()).toEqual(['/oauth2/v3/token', PRICES_ABROAD]);
    const asked = JSON.parse(fake().requests.find((request) => request.path === PRICES_ABROAD)?.body ?? '{}') as Record<string, unknown>;
    expect(asked).toMatchObject({ originZIPCode: '43215', destinationCountryCode: 'CA', foreignPostalCode: 'M5H 2N2', mailClass: 'PRIORITY_MAIL_INTERNATIONAL', rateIndicator: 'SP', priceType: 'COMMERCIAL', accountType: 'EPS', accountNumber: FAKE_USPS_ACCOUNT.accountNumber });
  });

  it('buys a label abroad whose price covers it, at the cost USPS quoted, and asks no price of one sold to no one', async () => {
    expect(await buy(COST)).toMatchObject({ kind: 'bought', label: { costCents: COST } });
    expect(paths().filter((path) => path === PRICES_ABROAD)).toHaveLength(1);
    expect(await buy()).toMatchObject({ kind: 'bought' });
    expect(paths().filter((path) => path === PRICES_ABROAD)).toHaveLength(1);
  });

  it('buys nothing abroad when the price check gets no answer', async () => {
    await buy(COST); // signs in
    const labels = paths().filter((path) => path === '/international-labels/v3/international-label').length;
    fake().failNextWith(503);
    expect(await buy(COST)).toMatchObject({ kind: 'not_attempted', reason: 'unavailable' });
    expect(paths().filter((path) => path === '/international-labels/v3/international-label')).toHaveLength(labels);
  });
});
