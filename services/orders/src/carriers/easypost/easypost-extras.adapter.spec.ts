import { FakeEasyPostServer } from '@labeldesk/testing';
import type { LabelShipment, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { EasyPostClaims } from './easypost-claims';
import { EasyPostClient } from './easypost.client';
import { UNSOLD_PACKAGING } from './easypost-extras';
import { easyPostTestShipment } from './easypost-fixtures';

let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;
let claims: EasyPostClaims;
let keys = 0;
const nextKey = () => `extras-${process.pid}-${++keys}`;

const bought = (outcome: PurchaseOutcome) => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};

/** A Priority Mail parcel of 1.5 lb (the fake's rate 8.05), insured for $200 and signed for by an adult. */
const insured = (overrides: Partial<LabelShipment> = {}): LabelShipment => easyPostTestShipment({ extras: { declaredValueCents: 20_000, signature: 'adult' }, ...overrides });

beforeAll(async () => {
  fake = new FakeEasyPostServer();
  await fake.start();
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 });
  claims = new EasyPostClaims(new EasyPostClient({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 }), 'claims@labeldesk.example');
});

afterAll(() => fake.stop());

afterEach(() => expect(fake.shapeViolations()).toEqual([]));

describe('EasyPost insurance and signatures (decision 112)', () => {
  it('asks the signature on the shipment and the insurance on the buy, and costs the label with both of EasyPost\'s fees', async () => {
    const label = bought(await carrier.purchase(insured(), nextKey(), new MemoryJournal()));
    const shipment = fake.shipment(label.carrierRefs['shipmentId'] ?? '');
    expect(shipment?.['options']).toMatchObject({ delivery_confirmation: 'ADULT_SIGNATURE' });
    expect(shipment?.['insurance']).toBe('200.00');
    // The rate with the adult signature (8.05 + 9.25) and EasyPost's InsuranceFee on $200 (1.00).
    expect(label.costCents).toBe(1730 + 100);
  });

  it('counts the insurance fee beside the rate against the price, leaving the shipment unbought when they are over it', async () => {
    const sold = fake.labelsSold();
    const refused = await carrier.purchase({ ...insured(), maxCostCents: 1829 }, nextKey(), new MemoryJournal());
    expect(refused).toMatchObject({ kind: 'refused', belowCost: { serviceUid: 'usps_priority', costCents: 1830, priceCents: 1829 } });
    expect(fake.labelsSold()).toBe(sold);
    bought(await carrier.purchase({ ...insured(), maxCostCents: 1830 }, nextKey(), new MemoryJournal()));
  });

  it('sends no signature and no insurance when none was asked', async () => {
    const label = bought(await carrier.purchase(easyPostTestShipment(), nextKey(), new MemoryJournal()));
    const shipment = fake.shipment(label.carrierRefs['shipmentId'] ?? '');
    expect(shipment?.['options']).not.toHaveProperty('delivery_confirmation');
    // What the recording account insured by default, not something we asked.
    expect(shipment?.['insurance']).toBe('50.00');
  });
});

describe('EasyPost USPS Flat Rate packaging (decision 112)', () => {
  it('buys a Flat Rate envelope as predefined_package, at its one price whatever the weight', async () => {
    const label = bought(await carrier.purchase(easyPostTestShipment({ package: { ...easyPostTestShipment().package, weightLb: 6, packaging: 'flat_rate_envelope' } }), nextKey(), new MemoryJournal()));
    const shipment = fake.shipment(label.carrierRefs['shipmentId'] ?? '');
    expect(shipment?.['parcel']).toMatchObject({ predefined_package: 'FlatRateEnvelope', length: null, width: null, height: null, weight: 96 });
    // The fake's Priority Mail Flat Rate Envelope, 9.35, and the recording account's 0.50 insurance.
    expect(label.costCents).toBe(935 + 50);
  });

  it('refuses Ground Advantage in a Flat Rate box with EasyPost\'s reason, and Cubic before asking EasyPost anything', async () => {
    const box = { ...easyPostTestShipment().package, packaging: 'flat_rate_medium_box' as const };
    expect(await carrier.purchase(easyPostTestShipment({ serviceUid: 'usps_ground_advantage', package: box }), nextKey(), new MemoryJournal())).toEqual({
      kind: 'refused',
      message: 'USPS Ground Advantage is not offered for this shipment (A MediumFlatRateBox is sold with Priority only).',
    });
    const asked = fake.requests.length;
    expect(await carrier.purchase(easyPostTestShipment({ package: { ...box, packaging: 'cubic' } }), nextKey(), new MemoryJournal())).toEqual({ kind: 'refused', message: UNSOLD_PACKAGING });
    expect(fake.requests.length).toBe(asked);
  });
});

describe('EasyPost claims (decision 112)', () => {
  const claimOf = (trackingNumber: string, type: 'lost' | 'damaged' = 'damaged') => ({ claimId: 'c-1', trackingNumber, type, amountCents: 12_345, description: 'The lamp arrived in pieces' });

  it('files a damage claim with the statement as its supporting document, and pays what EasyPost approved once decided', async () => {
    const label = bought(await carrier.purchase(insured(), nextKey(), new MemoryJournal()));
    const filing = await claims.file(claimOf(label.trackingNumber));
    if (filing.kind !== 'filed' || !filing.carrierClaimId) throw new Error(`expected a filed claim, got ${JSON.stringify(filing)}`);
    const [filed] = fake.claimsFiledOn(label.trackingNumber);
    expect(filed).toMatchObject({ id: filing.carrierClaimId, type: 'damage', requested_amount: '123.45', insurance_amount: '200.00', contact_email: 'claims@labeldesk.example', status: 'submitted' });
    expect(filed?.['attachments']).toHaveLength(1);

    expect(await claims.decide(filing)).toEqual({ kind: 'pending' });
    fake.decideClaim(filing.carrierClaimId, 'approved_partial', 'Approved for the item value.', 10_000);
    expect(await claims.decide(filing)).toEqual({ kind: 'approved', approvedCents: 10_000, note: 'Approved for the item value.' });
  });

  it('says rejected with EasyPost\'s reason, and refuses a claim on a label EasyPost did not insure in its words', async () => {
    const label = bought(await carrier.purchase(insured(), nextKey(), new MemoryJournal()));
    const filing = await claims.file(claimOf(label.trackingNumber, 'lost'));
    if (filing.kind !== 'filed' || !filing.carrierClaimId) throw new Error(`expected a filed claim, got ${JSON.stringify(filing)}`);
    expect(fake.claimsFiledOn(label.trackingNumber)[0]).toMatchObject({ type: 'loss' });
    fake.decideClaim(filing.carrierClaimId, 'rejected', 'The parcel was delivered on time.');
    expect(await claims.decide(filing)).toEqual({ kind: 'rejected', reason: 'The parcel was delivered on time.' });

    const plain = bought(await carrier.purchase(easyPostTestShipment(), nextKey(), new MemoryJournal()));
    expect(await claims.file(claimOf(plain.trackingNumber))).toEqual({ kind: 'refused', message: 'EasyPost refused the claim: tracking code was not insured through EasyPost.' });
  });

  it('says unknown, keeping nothing, when EasyPost does not answer', async () => {
    fake.failNextWith(503);
    expect(await claims.file(claimOf('9405500000000000000000'))).toMatchObject({ kind: 'unknown' });
  });
});
