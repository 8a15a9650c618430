import { FAKE_USPS_ACCOUNT, FakeUspsServer, uspsSpecs } from '@labeldesk/testing';
import type { LabelShipment } from '../carrier.port';
import { describeCarrierContract } from '../testing/carrier-contract.suite';
import { UspsCarrierAdapter } from './usps.adapter';

const shipment: LabelShipment = {
  serviceUid: 'usps_priority',
  shipper: null,
  from: { name: 'Ada Lovelace', company: 'Analytical Parcels', phone: '(614) 555-0142', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Q Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widgets', reference1: '2', reference2: 'SKU-42' },
};

/** Every fake the cases ran against: each checked what our adapter sent and what it answered against USPS's specs. */
const fakes: FakeUspsServer[] = [];

// Reading and compiling USPS's specs takes seconds on a busy machine: done once for the file, before the cases, so the
// first case's setup does not spend its time limit on it.
beforeAll(() => void uspsSpecs(), 60_000);

describeCarrierContract('USPS', async () => {
  const fake = new FakeUspsServer();
  fakes.push(fake);
  await fake.start();
  const adapterWithin = (timeoutMs: number) =>
    new UspsCarrierAdapter({
      apiUrl: fake.url,
      ...FAKE_USPS_ACCOUNT,
      timeoutMs,
      shipperOf: () => ({ platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' }),
    });
  const carrier = adapterWithin(60_000);
  return {
    carrier,
    // Its own instance, so it has no token yet: the hung step is its first request.
    impatientCarrier: adapterWithin(500),
    faults: fake,
    shipment,
    refusedShipment: { ...shipment, to: { ...shipment.to, zip: '00000' } },
    close: () => fake.stop(),
  };
}, { scanForms: true });

// Runs after the contract's cases (jest keeps the order they are declared in).
it("sent USPS nothing its published OpenAPI specs refuse, and the fake answered nothing they do not document, in any case above", () => {
  expect(fakes.length).toBeGreaterThan(0);
  expect(fakes.flatMap((fake) => fake.specViolations())).toEqual([]);
});
