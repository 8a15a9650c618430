import { printedTextRuns } from '../testing/label-fixtures';
import { code128Widths, renderCourierLabel } from './courier-label-renderer';
import { renderCourierZplLabel } from './courier-zpl-label-renderer';
import { courierLabelInput } from './testing/courier-label-input';

// Real readers (pdftoppm, zbarimg) decode the barcodes in courier-label-renderer.int-spec.ts.
const fieldTexts = (zpl: Buffer): string[] => [...zpl.toString('utf8').matchAll(/\^FD(.*?)\^FS/g)].map((match) => match[1] ?? '');

describe('the UPS and FedEx sample labels', () => {
  it('print the service banner, both addresses, the tracking number in the courier\'s groups and that they are samples', async () => {
    const input = courierLabelInput('ups_2nd_day_air');
    const runs = printedTextRuns(await renderCourierLabel(input));
    expect(runs).toEqual(expect.arrayContaining([
      'UPS 2ND DAY AIR', '2', 'ACME WIDGETS', 'COLUMBUS OH 43215', 'SHIP TO:', 'JANE DOE', 'NEW YORK NY 10118',
      `TRACKING #: ${input.tracking.hri}`, '5 LBS', '1 OF 1', 'SAMPLE', 'NOT VALID FOR SHIPPING',
    ]));
    expect(input.tracking.hri).toMatch(/^1Z SX0 000 02 1234 567 \d$/);
  });

  it('head a FedEx number TRK# and mark FedEx Ground with a G', async () => {
    const input = courierLabelInput('fedex_ground');
    expect(printedTextRuns(await renderCourierLabel(input))).toEqual(expect.arrayContaining(['FEDEX GROUND', 'G', `TRK# ${input.tracking.hri}`]));
  });

  it('draw the barcode as vectors in the standard Helvetica fonts only, on one page', async () => {
    const text = (await renderCourierLabel(courierLabelInput('ups_ground'))).toString('latin1');
    expect(text).not.toMatch(/\/Subtype \/Image/);
    expect(new Set([...text.matchAll(/\/BaseFont \/([\w-]+)/g)].map((match) => match[1]))).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('encode the tracking number alone in Code 128, FedEx\'s digits in pairs', () => {
    // Start C, six digit pairs, the check symbol and the 13-module stop: 8 × 11 + 13 modules.
    expect(code128Widths('990001234568').reduce((sum, width) => sum + width, 0)).toBe(101);
  });

  it('write the same label as one ZPL format: banner, addresses, the tracking number and a ^BC symbol of it', () => {
    const input = courierLabelInput('ups_ground');
    const zpl = renderCourierZplLabel(input);
    const text = zpl.toString('utf8');
    expect(text.startsWith('^XA\n^CI28\n^PW812\n^LL1218\n')).toBe(true);
    expect(text.match(/\^XA/g)).toHaveLength(1);
    expect(text).toContain(`^BCN,203,N,N,N,N^FD>:${input.tracking.number}^FS`);
    expect(fieldTexts(zpl)).toEqual(expect.arrayContaining(['UPS GROUND', 'JANE DOE', 'NEW YORK NY 10118', `TRACKING #: ${input.tracking.hri}`, 'SAMPLE - NOT VALID FOR SHIPPING']));
  });

  it('never let a customer\'s ^ or ~ start a ZPL command', () => {
    const input = { ...courierLabelInput('fedex_2_day'), to: { ...courierLabelInput('fedex_2_day').to, name: 'Evil ^XZ~JR' } };
    const text = renderCourierZplLabel(input).toString('utf8');
    expect(text.match(/\^XZ/g)).toHaveLength(1);
    expect(text).not.toContain('~');
  });
});
