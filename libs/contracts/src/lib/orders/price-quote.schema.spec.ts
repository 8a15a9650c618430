import { priceQuoteBodySchema } from './price-quote.schema';

const userId = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const firstMessage = (input: unknown) => {
  const result = priceQuoteBodySchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('priceQuoteBodySchema', () => {
  it('reads a weight typed as text as a number of pounds', () => {
    const body = priceQuoteBodySchema.parse({ userId, shipments: [{ service_name: ' USPS Priority Mail ', package: { package_weight: '2.5' } }] });
    expect(body.shipments).toEqual([{ service_name: 'USPS Priority Mail', package: { package_weight: 2.5 } }]);
  });

  it('prices a whole order by its service and weight alone', () => {
    const order = { service_name: 'USPS Ground Advantage', sender: { sender_name: 'Ann' }, package: { package_weight: 3, package_length: 10 } };
    expect(priceQuoteBodySchema.parse({ userId, shipments: [order] }).shipments).toEqual([{ service_name: 'USPS Ground Advantage', package: { package_weight: 3 } }]);
  });

  it("answers 'Please select a service' for a shipment without one", () => {
    expect(firstMessage({ userId, shipments: [{ service_name: '  ', package: { package_weight: 1 } }] })).toBe('Please select a service');
    expect(firstMessage({ userId, shipments: [{ package: { package_weight: 1 } }] })).toBe('Please select a service');
  });

  it('refuses a weight that is not a number, or below zero', () => {
    expect(firstMessage({ userId, shipments: [{ service_name: 'A', package: { package_weight: 'heavy' } }] })).toBe('Weight must be a number');
    expect(firstMessage({ userId, shipments: [{ service_name: 'A', package: { package_weight: -1 } }] })).toBe('Weight must be 0 or more');
  });

  it('refuses an empty list of shipments and a missing user', () => {
    expect(firstMessage({ userId, shipments: [] })).toBe('No shipments to price');
    expect(firstMessage({ shipments: [{ service_name: 'A', package: { package_weight: 1 } }] })).toBe('userId is required');
  });
});
