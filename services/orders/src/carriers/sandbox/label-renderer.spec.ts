import { barSpaceWidths, formatWeight, renderLabel } from './label-renderer';
import { labelInput, printedTextRuns } from '../testing/label-fixtures';

// The checks that read the PDF back with real readers (poppler-utils, zbar-tools) are in label-renderer.int-spec.ts:
// npm test needs no system package.
describe('renderLabel', () => {
  it('draws the barcode as vectors and uses only the standard Helvetica fonts (no images, no embedded font files)', async () => {
    const text = (await renderLabel(labelInput())).toString('latin1');
    expect(text).not.toMatch(/\/Subtype \/Image/);
    expect(text).not.toMatch(/\/FontFile/);
    const fonts = [...text.matchAll(/\/BaseFont \/([\w-]+)/g)].map((match) => match[1]);
    expect(new Set(fonts)).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
  });

  it('uses FNC1 after the variable-length ZIP routing code: 222 modules for ZIP5 as formats.md §1.6 computes', () => {
    const widths = barSpaceWidths('(420)10001(92)05591234567800000011');
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(222);
  });
});

describe('text the label prints', () => {
  it('prints a name with a line break and a tab on one line, accents dropped, and never a replacement "?"', async () => {
    const input = labelInput({ to: { name: 'José Müller\nc/o Front Desk\t', company: 'Café\r\nRoyale', street2: 'Suite\u20284' }, package: { description: 'Mug\tbox 🚀' } });
    const runs = printedTextRuns(await renderLabel(input));
    expect(runs).toEqual(expect.arrayContaining(['JOSE MULLER C/O FRONT DESK', 'CAFE ROYALE', 'SUITE 4', 'Mug box']));
    expect(runs.join('\n')).not.toContain('?');
  });

});

describe('formatWeight', () => {
  it('shows pounds and ounces, ounces rounded up to a tenth', () => {
    expect(formatWeight(2.25)).toBe('2 LB 4 OZ');
    expect(formatWeight(0.1)).toBe('0 LB 1.6 OZ');
    expect(formatWeight(1.0001)).toBe('1 LB 0.1 OZ');
    expect(formatWeight(70)).toBe('70 LB 0 OZ');
  });
});
