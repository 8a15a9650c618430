import { FakeUspsServer, uspsSpecs } from '../fake-usps.server';
import { type Json, partsOf, uspsCalls } from './spec-calls';

/** Labels 3.9.13's `GroundAdvantageReturnLabelRequest` example, as the spec publishes it. */
const PUBLISHED_RETURN: Json = {
  imageInfo: { suppressPostage: false, receiptOption: 'NONE', imageType: 'PDF' },
  toAddress: { firstName: 'John', lastName: 'Smith', streetAddress: '1200 Pennsylvania Avenue NW', city: 'Washington', state: 'DC', ZIPCode: '20004' },
  fromAddress: { firstName: 'John', lastName: 'Doe', streetAddress: '1400 L St NW', secondaryAddress: 'Lbby 2', city: 'Washington', state: 'DC', ZIPCode: '20005' },
  packageDescription: {
    mailClass: 'PRIORITY_MAIL_RETURN_SERVICE',
    rateIndicator: 'CP',
    processingCategory: 'MACHINABLE',
    extraServices: [],
    weightUOM: 'lb',
    weight: 0.5,
    dimensionsUOM: 'in',
    length: 12,
    height: 4.0,
    width: 3.0,
    customerReference: [{ referenceNumber: 'This is a return', printReferenceNumber: true }],
  },
};

describe('the fake USPS return labels (Labels 3.9.13 POST /labels/v3/return-label, decision 118)', () => {
  let fake: FakeUspsServer;
  const usps = uspsCalls(() => fake);
  const returnLabel = async (body: Json, headers: Record<string, string> = {}) => {
    const { bearer, payment } = await usps.session();
    return usps.call('/labels/v3/return-label', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'X-Payment-Authorization-Token': payment, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  };

  beforeAll(() => void uspsSpecs(), 60_000);
  beforeEach(async () => {
    fake = new FakeUspsServer();
    await fake.start();
  });
  afterEach(() => fake.stop());

  it("sells the spec's published return once per key, as its multipart of returnLabelMetadata and returnLabelImage, keeping to the spec", async () => {
    const first = await returnLabel(PUBLISHED_RETURN, { 'X-Idempotency-Key': '0b6d7f0e-7a53-4a38-9d0e-3c1c7f1e2a11' });
    expect(first.status).toBe(200);
    const parts = await partsOf(first);
    expect(parts.map((part) => part.name)).toEqual(['returnLabelMetadata', 'returnLabelImage']);
    const metadata = JSON.parse(parts[0]?.text ?? '{}') as Json;
    expect(metadata).toMatchObject({ trackingNumber: expect.any(String), postage: expect.any(Number) });
    expect(metadata).not.toHaveProperty('commitment');

    const again = await returnLabel(PUBLISHED_RETURN, { 'X-Idempotency-Key': '0b6d7f0e-7a53-4a38-9d0e-3c1c7f1e2a11', Accept: 'application/vnd.usps.labels+json' });
    expect(await again.json()).toMatchObject({ trackingNumber: metadata['trackingNumber'], returnLabelImage: expect.any(String) });
    expect(fake.labelsSold()).toBe(1);
    expect(fake.specViolations()).toEqual([]);
  });

  it('refuses a return in an outbound mail class, or without its payment token, as USPS does', async () => {
    const outbound = { ...PUBLISHED_RETURN, packageDescription: { ...(PUBLISHED_RETURN['packageDescription'] as Json), mailClass: 'PRIORITY_MAIL' } };
    expect((await returnLabel(outbound)).status).toBe(400);
    const bearer = await usps.accessToken();
    const unpaid = await usps.call('/labels/v3/return-label', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(PUBLISHED_RETURN) });
    // The spec makes the header required: a request without it is a bad request before any token is looked at.
    expect(unpaid.status).toBe(400);
    expect(fake.labelsSold()).toBe(0);
  });
});
