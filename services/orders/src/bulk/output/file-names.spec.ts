import { fileNames } from './file-names';

const batchId = '3f2a9c1e-7b4d-4e8a-9f00-112233445566';

describe('fileNames', () => {
  it("names the batch's files after spec 9 with month-day without leading zeros and the first 8 characters of the batch id", () => {
    expect(fileNames(new Date(2025, 5, 3, 12), batchId, false)).toEqual({
      pdfName: 'Labels_6-3_3f2a9c1e.pdf',
      resultCSVName: 'Order_Results_6-3_3f2a9c1e.csv',
      autoConfirmCSVName: 'Auto_Confirm_6-3_3f2a9c1e.tsv',
    });
  });

  it('marks the Amazon file of a sample batch with _SAMPLE, and only that file', () => {
    const names = fileNames(new Date(2025, 11, 25, 9), batchId, true);
    expect(names.autoConfirmCSVName).toBe('Auto_Confirm_12-25_3f2a9c1e_SAMPLE.tsv');
    expect(names.pdfName).toBe('Labels_12-25_3f2a9c1e.pdf');
    expect(names.resultCSVName).toBe('Order_Results_12-25_3f2a9c1e.csv');
  });

  it('gives two batches of the same day different names', () => {
    const day = new Date(2025, 5, 3, 12);
    const other = fileNames(day, '9a8b7c6d-0000-4000-8000-000000000000', false);
    const first = fileNames(day, batchId, false);
    expect(new Set([...Object.values(first), ...Object.values(other)]).size).toBe(6);
  });

  it('keeps only letters and digits of the batch id, so a name is always safe in a path or a header', () => {
    expect(fileNames(new Date(2025, 0, 1), '../a"b/c\\d;e', false).pdfName).toBe('Labels_1-1_abcde.pdf');
  });

  it('refuses an invalid date or an id with nothing usable', () => {
    expect(() => fileNames(new Date('x'), batchId, false)).toThrow(RangeError);
    expect(() => fileNames(new Date(), '---', false)).toThrow(RangeError);
  });
});
