import { applyServerIssues, checkRow, columnForPath, emptyValues, pricedShipment, rowMessages, rowProblems } from './bulk-rows';
import type { BulkRow } from './bulk-rows';

const row = (id: number, overrides: Partial<BulkRow['values']> = {}): BulkRow => ({ id, values: { ...emptyValues(), ...overrides }, errors: null });

describe('server issues on the table', () => {
  it('maps an issue path to its column', () => {
    expect(columnForPath('orderData.3.package.package_weight')).toBe('PackageWeight');
    expect(columnForPath('receiver.receiver_zip_postal')).toBe('ToZipPostal');
    expect(columnForPath('service_name')).toBe('ServiceName');
    expect(columnForPath('orderData.0.nothing')).toBeNull();
  });

  it('puts a 400 issue on the row it names (0-based into what was sent) and on its cell', () => {
    const rows = [row(10), row(11, { PackageWeight: '0' }), row(12)];
    const { rows: marked, marked: count, markedIds } = applyServerIssues(rows, [10, 11, 12], [
      { path: 'orderData.1.package.package_weight', message: 'Weight must be greater than 0' },
      { path: 'orderData.2', message: 'Row 3: USPS Ground Advantage takes at most 20 lb' },
      { path: 'orderData.9.package.package_weight', message: 'not a row that was sent' },
    ]);
    expect(count).toBe(2);
    expect(markedIds).toEqual([11, 12]);
    expect(marked[0]?.errors).toBeNull();
    expect(marked[1]?.errors).toEqual({ PackageWeight: 'Weight must be a positive number' });
    expect(marked[2]?.errors).toEqual({ row: 'Row 3: USPS Ground Advantage takes at most 20 lb' });
    expect(rowMessages(marked[1]?.errors ?? {})).toEqual(['Weight must be a positive number']);
  });
});

describe('pricedShipment', () => {
  const context = { services: new Map([['USPS Priority Mail', 70]]) };

  it('prices a row with a known service and a weight within its limit', () => {
    expect(pricedShipment(row(1, { ServiceName: 'USPS Priority Mail', PackageWeight: '2.5' }).values, context)).toEqual({
      service_name: 'USPS Priority Mail',
      package: { package_weight: 2.5 },
    });
  });

  it('leaves out rows the server would refuse to price', () => {
    expect(pricedShipment(row(1, { ServiceName: '', PackageWeight: '2' }).values, context)).toBeNull();
    expect(pricedShipment(row(1, { ServiceName: 'Unknown', PackageWeight: '2' }).values, context)).toBeNull();
    expect(pricedShipment(row(1, { ServiceName: 'USPS Priority Mail', PackageWeight: '71' }).values, context)).toBeNull();
    expect(pricedShipment(row(1, { ServiceName: 'USPS Priority Mail', PackageWeight: 'abc' }).values, context)).toBeNull();
  });
});

describe('an impossible address in a row', () => {
  const context = { services: new Map([['USPS Priority Mail', 70]]) };
  const complete = {
    ServiceName: 'USPS Priority Mail',
    FromSenderName: 'Ada', FromStreet1: '1 Main St', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701',
    ToRecipientName: 'Bob', ToStreet1: '2 Side St', ToCity: 'Seattle', ToStateProvince: 'CA', ToZipPostal: '98101-1234',
    PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2',
  };

  it('is an error on the ZIP cell naming both states, before submit', () => {
    const check = checkRow(row(1, complete).values, context);
    expect(check.item).toBeNull();
    expect(check.errors).toEqual({ ToZipPostal: 'ZIP 98101-1234 is in WA, not CA' });
  });

  it('is fine once the state matches the ZIP', () => {
    expect(checkRow(row(1, { ...complete, ToStateProvince: 'wa' }).values, context).errors).toBeNull();
  });
});

describe("a row's problems under it", () => {
  it('lists the row-wide message first, then each cell in column order', () => {
    expect(rowProblems({ ToZipPostal: 'To ZIP is required', PackageWeight: 'Weight must be a positive number', row: 'Row 3: too heavy' })).toEqual([
      { key: null, message: 'Row 3: too heavy' },
      { key: 'ToZipPostal', message: 'To ZIP is required' },
      { key: 'PackageWeight', message: 'Weight must be a positive number' },
    ]);
  });

  it('has none for a valid row', () => {
    expect(rowProblems(null)).toEqual([]);
  });
});
