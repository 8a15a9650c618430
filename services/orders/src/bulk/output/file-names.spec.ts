import { fileNames } from './file-names';

const batchId = '3f2a9c1e-7b4d-4e8a-9f00-112233445566';
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

describe('fileNames', () => {
  it("names the batch's files after spec 9 with month-day without leading zeros and one 128-bit token", () => {
    const names = fileNames(new Date(2025, 5, 3, 12), batchId, false);
    const token = /^Labels_6-3_(.+)\.pdf$/.exec(names.pdfName)?.[1] ?? '';
    expect(token).toMatch(TOKEN);
    expect(names).toEqual({ pdfName: `Labels_6-3_${token}.pdf`, resultCSVName: `Order_Results_6-3_${token}.csv`, autoConfirmCSVName: `Auto_Confirm_6-3_${token}.tsv`, zplName: `Labels_6-3_${token}.zpl` });
  });

  it('marks the Amazon file of a sample batch with _SAMPLE, and only that file', () => {
    const names = fileNames(new Date(2025, 11, 25, 9), batchId, true);
    expect(names.autoConfirmCSVName).toMatch(/^Auto_Confirm_12-25_[A-Za-z0-9_-]{22}_SAMPLE\.tsv$/);
    expect(names.pdfName).toMatch(/^Labels_12-25_[A-Za-z0-9_-]{22}\.pdf$/);
  });

  it('names a batch the same way every time, so a rebuild replaces its files', () => {
    expect(fileNames(new Date(2025, 5, 3, 12), batchId, false)).toEqual(fileNames(new Date(2025, 5, 3, 12), batchId, false));
  });

  it('gives two batches of the same day different names', () => {
    const day = new Date(2025, 5, 3, 12);
    const other = fileNames(day, '9a8b7c6d-0000-4000-8000-000000000000', false);
    const first = fileNames(day, batchId, false);
    expect(new Set([...Object.values(first), ...Object.values(other)]).size).toBe(8);
  });

  it('does not let a name be guessed from the batch id or a neighbour: nothing of the id shows and ids one apart share no token', () => {
    const names = fileNames(new Date(2025, 0, 1), batchId, false);
    expect(names.pdfName).not.toContain('3f2a9c1e');
    const next = fileNames(new Date(2025, 0, 1), batchId.replace(/6$/, '7'), false);
    expect(next.pdfName.slice(0, 10)).toBe(names.pdfName.slice(0, 10));
    expect(next.pdfName.slice(10, 20)).not.toBe(names.pdfName.slice(10, 20));
  });

  it('keeps a name safe in a path or a header whatever the id holds', () => {
    expect(fileNames(new Date(2025, 0, 1), '../a"b/c\\d;e', false).pdfName).toMatch(/^Labels_1-1_[A-Za-z0-9_-]{22}\.pdf$/);
  });

  it('refuses an invalid date or an empty id', () => {
    expect(() => fileNames(new Date('x'), batchId, false)).toThrow(RangeError);
    expect(() => fileNames(new Date(), '', false)).toThrow(RangeError);
  });
});
