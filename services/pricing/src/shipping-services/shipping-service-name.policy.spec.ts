import { ErrorCode } from '@labeldesk/contracts';
import { requireUniqueShippingServiceName } from './shipping-service-name.policy';

const shippingServices = [
  { id: 'a', name: 'USPS Priority Mail' },
  { id: 'b', name: 'USPS Ground Advantage' },
];

describe('requireUniqueShippingServiceName', () => {
  it('accepts a name no other shipping service of the list has', () => {
    expect(() => requireUniqueShippingServiceName(shippingServices, 'a', 'Priority (2-3 days)')).not.toThrow();
  });

  it('accepts a shipping service keeping its own name, in another case', () => {
    expect(() => requireUniqueShippingServiceName(shippingServices, 'a', 'usps priority mail')).not.toThrow();
  });

  it("refuses another shipping service's name whatever its case, since orders find shipping services by name", () => {
    expect(() => requireUniqueShippingServiceName(shippingServices, 'a', 'usps ground advantage')).toThrow(
      expect.objectContaining({ code: ErrorCode.CONFLICT, message: 'Another service is already named "USPS Ground Advantage"' }),
    );
  });
});
