import { noticeOf } from './download-file';

describe("a download's notice", () => {
  it('reads the words the server percent-encoded into the header', () => {
    const words = 'This file holds only the SCAN forms USPS made. USPS has not confirmed one more SCAN form, for 1 label (9205590164917312000001); an operator is checking it.';
    expect(noticeOf(encodeURIComponent(words))).toBe(words);
  });

  it('reads no notice from a missing or blank header, or one that is not percent-encoded', () => {
    expect(noticeOf(null)).toBeNull();
    expect(noticeOf('  ')).toBeNull();
    expect(noticeOf('100%')).toBeNull();
  });
});
