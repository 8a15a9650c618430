import { FAKE_USPS_ACCOUNT, FakeUspsServer, pdfTextOf, uspsSpecs } from '@labeldesk/testing';
import type { LabelShipment } from '../carrier.port';
import { returnPaymentOf } from '../returns/return-terms';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { NO_RETURN_FROM_ABROAD } from './usps.adapter';
import { withFreshUspsFake } from './usps-fake-harness';
import { uspsTestShipment } from './usps-fixtures';

const RETURN_LABEL = '/labels/v3/return-label';
/** Ground Advantage back from New York (101) to Columbus (432): zone 04, 2 pounds, $4.20 + 4 × $0.10 + $0.40, as outbound. */
const COST = 420 + 4 * 10 + 40;

/** The return shipment the returns use case sends: from the outbound receiver back to its sender. */
const aReturn = (change: Partial<LabelShipment> = {}): LabelShipment => {
  const outbound = uspsTestShipment();
  return { ...outbound, from: outbound.to, to: outbound.from, isReturn: true, ...change };
};

beforeAll(() => void uspsSpecs(), 60_000);

describe("USPS's own return labels (Labels 3.9.13 POST /labels/v3/return-label, decision 118)", () => {
  const { fake, usps } = withFreshUspsFake(() => new FakeUspsServer(), FAKE_USPS_ACCOUNT);
  let keys = 0;
  const nextKey = () => `return:usps-${process.pid}-${++keys}`;
  const sent = () => fake().requests.filter((request) => request.path === RETURN_LABEL);

  it("buys a return from the buyer back to the seller in the class's return service, priced first, with the label's PDF and cost", async () => {
    const outcome = await usps().purchase(aReturn({ maxCostCents: COST }), nextKey(), new MemoryJournal());

    if (outcome.kind !== 'bought') throw new Error(`expected a label, got ${JSON.stringify(outcome)}`);
    expect(outcome.label).toMatchObject({ carrier: 'usps', serviceUid: 'usps_ground_advantage', costCents: COST, carrierRefs: { labelApi: 'return' } });
    // The label ships to the seller, from the buyer.
    expect((await pdfTextOf(outcome.label.file)).split('SHIP TO:')[1]).toContain('COLUMBUS OH 43215');
    const body = JSON.parse(sent()[0]?.body ?? '{}') as { toAddress: { ZIPCode: string }; fromAddress: { ZIPCode: string }; packageDescription: Record<string, unknown> };
    expect([body.fromAddress.ZIPCode, body.toAddress.ZIPCode]).toEqual(['10118', '43215']);
    expect(body.packageDescription).toMatchObject({ mailClass: 'USPS_GROUND_ADVANTAGE_RETURN_SERVICE', rateIndicator: 'SP', shipperVisibilityMethod: 'SENDER_INFORMATION' });
    expect(body.packageDescription).not.toHaveProperty('mailingDate');
    const priced = JSON.parse(fake().requests.find((request) => request.path === '/prices/v3/base-rates/search')?.body ?? '{}') as Record<string, unknown>;
    expect(priced).toMatchObject({ mailClass: 'USPS_GROUND_ADVANTAGE_RETURN_SERVICE', originZIPCode: '10118', destinationZIPCode: '43215' });
  });

  it('refuses a return USPS prices above its price, before anything is bought', async () => {
    expect(await usps().purchase(aReturn({ maxCostCents: COST - 1 }), nextKey(), new MemoryJournal())).toMatchObject({ kind: 'refused', belowCost: { costCents: COST } });
    expect(sent()).toHaveLength(0);
  });

  it('finds the return whose answer was lost by asking again with the same key and body: one label, sold once', async () => {
    const key = nextKey();
    const journal = new MemoryJournal();
    fake().loseNextBuyAnswer();
    expect(await usps().purchase(aReturn(), key, journal)).toMatchObject({ kind: 'unknown' });
    const resolved = await usps().resolve(aReturn(), key, journal.refs);
    expect(resolved).toMatchObject({ kind: 'bought', label: { carrierRefs: { labelApi: 'return' } } });
    expect(fake().labelsSold()).toBe(1);
    expect(sent().map((request) => request.body)).toEqual([sent()[0]?.body, sent()[0]?.body]);
  });

  it("passes USPS's refusal of a return on in its words, and refuses a return from abroad before sending anything", async () => {
    const refused = await usps().purchase(aReturn({ from: { ...uspsTestShipment().to, zip: '00000' } }), nextKey(), new MemoryJournal());
    expect(refused).toMatchObject({ kind: 'refused' });
    const abroad = await usps().purchase(aReturn({ from: { ...uspsTestShipment().to, country: 'CA', zip: 'M5H 2N2', state: 'ON' } }), nextKey(), new MemoryJournal());
    expect(abroad).toEqual({ kind: 'refused', message: NO_RETURN_FROM_ABROAD });
  });

  it('are sold prepaid, for labels USPS carried', () => {
    expect([returnPaymentOf('usps', 'usps'), returnPaymentOf('usps', 'ups')]).toEqual(['prepaid', null]);
  });
});
