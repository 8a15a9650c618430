import { uploadMismatch } from './submit-bulk-order.usecase';

const rows = (...rowNos: number[]) => rowNos.map((rowNo) => ({ rowNo, serviceName: 'USPS Priority Mail', weightLb: 2, courier: 'usps', sku: null, orderId: null, buyAnother: false }));

describe('uploadMismatch', () => {
  it('accepts exactly rows 0 … rowCount - 1', () => {
    expect(uploadMismatch(rows(0, 1, 2), 3)).toBeNull();
  });

  it('says how many rows arrived when the last slices are missing', () => {
    expect(uploadMismatch(rows(0, 1), 3)).toBe('Only 2 of 3 rows arrived.');
    expect(uploadMismatch([], 10_000)).toBe('Only 0 of 10,000 rows arrived.');
  });

  it('names the first missing row when a slice in the middle is missing, even when the count matches', () => {
    expect(uploadMismatch(rows(0, 1, 3), 3)).toBe('Row 3 of 3 did not arrive.');
    expect(uploadMismatch(rows(0, 2), 3)).toBe('Row 2 of 3 did not arrive.');
  });

  it('refuses more rows than submitted rather than buying a count the user did not see', () => {
    expect(uploadMismatch(rows(0, 1, 2, 3), 3)).toBe('4 rows arrived, more than the 3 submitted.');
  });
});
