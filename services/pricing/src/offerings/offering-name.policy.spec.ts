import { ErrorCode } from '@labeldesk/contracts';
import { requireUniqueServiceName } from './offering-name.policy';

const services = [
  { id: 'a', name: 'USPS Priority Mail' },
  { id: 'b', name: 'USPS Ground Advantage' },
];

describe('requireUniqueServiceName', () => {
  it('accepts a name no other service of the list has', () => {
    expect(() => requireUniqueServiceName(services, 'a', 'Priority (2-3 days)')).not.toThrow();
  });

  it('accepts a service keeping its own name, in another case', () => {
    expect(() => requireUniqueServiceName(services, 'a', 'usps priority mail')).not.toThrow();
  });

  it("refuses another service's name whatever its case, since orders find services by name", () => {
    expect(() => requireUniqueServiceName(services, 'a', 'usps ground advantage')).toThrow(
      expect.objectContaining({ code: ErrorCode.CONFLICT, message: 'Another service is already named "USPS Ground Advantage"' }),
    );
  });
});
