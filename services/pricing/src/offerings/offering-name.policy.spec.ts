import { ErrorCode } from '@labeldesk/contracts';
import { requireUniqueOfferingName } from './offering-name.policy';

const offerings = [
  { id: 'a', name: 'USPS Priority Mail' },
  { id: 'b', name: 'USPS Ground Advantage' },
];

describe('requireUniqueOfferingName', () => {
  it('accepts a name no other offering of the list has', () => {
    expect(() => requireUniqueOfferingName(offerings, 'a', 'Priority (2-3 days)')).not.toThrow();
  });

  it('accepts an offering keeping its own name, in another case', () => {
    expect(() => requireUniqueOfferingName(offerings, 'a', 'usps priority mail')).not.toThrow();
  });

  it("refuses another offering's name whatever its case, since orders find offerings by name", () => {
    expect(() => requireUniqueOfferingName(offerings, 'a', 'usps ground advantage')).toThrow(
      expect.objectContaining({ code: ErrorCode.CONFLICT, message: 'Another service is already named "USPS Ground Advantage"' }),
    );
  });
});
