import { checkRow, emptyValues, type BulkRow, type BulkValues } from './bulk-rows';
import { zipFixCount, zipFixesByRow, zipFixLabel, zipFixOf } from './bulk-zip-fixes';

const values = (change: Partial<BulkValues> = {}): BulkValues => ({
  ...emptyValues(),
  ServiceName: 'USPS Ground Advantage',
  FromSenderName: 'Ada',
  FromStreet1: '1 Main St',
  FromCity: 'Austin',
  FromStateProvince: 'TX',
  FromZipPostal: '78701',
  ToRecipientName: 'Bo',
  ToStreet1: '2 Elm St',
  ToCity: 'Boston',
  ToStateProvince: 'MA',
  ToZipPostal: '02134',
  PackageLength: '10',
  PackageWidth: '8',
  PackageHeight: '4',
  PackageWeight: '2',
  ...change,
});
const row = (id: number, change: Partial<BulkValues> = {}): BulkRow => ({ id, values: values(change), errors: null });
const context = { services: null };

describe('bulk ZIP codes that lost their leading zeros', () => {
  it('offers the padded ZIP on the row, where the refusal already asks "Did you mean 02134?"', () => {
    const lost = values({ ToZipPostal: '2134' });
    expect(checkRow(lost, context).errors?.ToZipPostal).toBe('To ZIP must be 5 digits or ZIP+4 (12345-6789). Did you mean 02134?');
    expect(zipFixOf(lost)).toEqual({ ToZipPostal: '02134' });
  });

  it('fixing the cells makes the row valid', () => {
    const lost = values({ ToStateProvince: 'NJ', ToCity: 'Newark', ToZipPostal: '7102', FromStateProvince: 'NY', FromCity: 'Holtsville', FromZipPostal: '501' });
    const fix = zipFixOf(lost);
    expect(fix).toEqual({ FromZipPostal: '00501', ToZipPostal: '07102' });
    expect(checkRow({ ...lost, ...fix }, context).errors).toBeNull();
  });

  it('offers nothing for a ZIP that padding would put in another state, or a full ZIP', () => {
    expect(zipFixOf(values({ ToStateProvince: 'CA', ToZipPostal: '9021' }))).toBeNull();
    expect(zipFixOf(values())).toBeNull();
  });

  it('counts every ZIP cell of every row for "Fix all"', () => {
    const rows = [row(1, { ToZipPostal: '2134' }), row(2), row(3, { ToStateProvince: 'NJ', ToZipPostal: '7102', FromStateProvince: 'NY', FromZipPostal: '501' })];
    const fixes = zipFixesByRow(rows);
    expect([...fixes.keys()]).toEqual([1, 3]);
    expect(zipFixCount(fixes)).toBe(3);
  });

  it('names the ZIPs the click puts in', () => {
    expect(zipFixLabel({ ToZipPostal: '02134' })).toBe('Use 02134');
    expect(zipFixLabel({ FromZipPostal: '00501', ToZipPostal: '07102' })).toBe('Use 00501 and 07102');
  });
});
