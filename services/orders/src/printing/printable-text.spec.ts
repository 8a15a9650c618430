import { printableText } from './printable-text';

describe('printableText', () => {
  it('maps what the standard font lacks to the closest printable text, and drops the rest', () => {
    expect(printableText('José Müller\nc/o Front Desk\t')).toBe('Jose Muller c/o Front Desk');
    expect(printableText('Straße 5 \u2013 “Øster” Łódź')).toBe('Strasse 5 - "Oster" Lodz');
    expect(printableText('Ana 🚀 张伟 Ruiz\u0085\u200b')).toBe('Ana Ruiz');
    expect(printableText('Floor\u00a05\u2029B')).toBe('Floor 5 B');
  });

  it('folds runs of spaces and trims plain ASCII text, and leaves single-spaced text as it is', () => {
    expect(printableText('  12  Main St ')).toBe('12 Main St');
    expect(printableText('12 Main St')).toBe('12 Main St');
    expect(printableText('')).toBe('');
  });

  it('keeps a question mark the customer typed', () => {
    expect(printableText('Who? Me')).toBe('Who? Me');
  });
});
