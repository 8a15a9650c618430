/** Letters and punctuation NFKD does not take apart, written the way a US clerk would type them. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Þ: 'TH', þ: 'th', ı: 'i',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'", '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-', '\u2022': '-', '\u00b7': '.',
};

/** Printable ASCII, single spaces only between words: what printableText answers unchanged. */
const ALREADY_PRINTABLE = /^(?:[\x21-\x7e]+(?: [\x21-\x7e]+)*)?$/;

/**
 * What the standard Helvetica prints of a customer's text, on one line and never a replacement mark: line breaks,
 * tabs and other control characters become one space ("Name⏎c/o Front Desk" is "NAME C/O FRONT DESK", not
 * "NAME?C/O"); accents are dropped (É → E, via NFKD); a few look-alikes are spelled out (ß → ss, “ → "); anything
 * else the font cannot show is left out. Addresses are printed in capitals (DMM 202.1, Pub 28 §212).
 */
export function printableText(text: string): string {
  // Most texts are printed as they are: one test instead of five passes over them.
  if (ALREADY_PRINTABLE.test(text)) return text;
  return text
    .replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/gu, (char) => LOOKALIKES[char] ?? '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
