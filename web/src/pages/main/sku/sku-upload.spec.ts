import { ApiError } from '../../../libs/http-client';
import { SkuCsvError } from './sku-csv';
import { uploadProblems } from './sku-upload';

describe('what an SKU upload that failed says', () => {
  it("names the file's own problem when it could not be read", () => {
    expect(uploadProblems(new SkuCsvError('The file has no SKU column'))).toEqual(['The file has no SKU column']);
  });

  it('lists every row the server refused', () => {
    const issues = [
      { path: '2.weight', message: 'Row 3: Weight must be greater than 0' },
      { path: '4.sku', message: 'Row 5: SKU is required' },
    ];
    expect(uploadProblems(new ApiError(400, 'Invalid SKUs', 'VALIDATION', true, issues))).toEqual(['Row 3: Weight must be greater than 0', 'Row 5: SKU is required']);
  });

  it("gives the server's one message when it names no row", () => {
    expect(uploadProblems(new ApiError(413, 'The file is too large', 'TOO_LARGE', true))).toEqual(['The file is too large']);
  });

  it('asks to check the connection when no answer came from the server', () => {
    expect(uploadProblems(new ApiError(0, 'Failed to fetch', 'NETWORK', false))).toEqual(['The file could not be sent. Check your connection, then try again.']);
    expect(uploadProblems(new TypeError('boom'))).toEqual(['The file could not be sent. Check your connection, then try again.']);
  });
});
