import { gs1128Data } from '../zpl/zpl-writer';
import { labelInput } from '../testing/label-fixtures';
import { renderZplLabel } from './zpl-label-renderer';

// The rasterised barcode is decoded with zbarimg in zpl-label-renderer.int-spec.ts.
const fieldTexts = (zpl: string): string[] => [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((match) => match[1] ?? '');

describe('renderZplLabel', () => {
  it('writes one 4x6 in label at 203 dpi in UTF-8: ^XA, ^CI28, ^PW812, ^LL1218 … ^XZ', () => {
    const zpl = renderZplLabel(labelInput()).toString('utf8');
    expect(zpl.startsWith('^XA\n^CI28\n^PW812\n^LL1218\n')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
  });

  it('prints what the PDF label prints: banner, sender, recipient, SAMPLE notices and the tracking number in groups of four', () => {
    const input = labelInput({ to: { name: 'José Müller\nc/o Front Desk' } });
    const texts = fieldTexts(renderZplLabel(input).toString('utf8'));
    expect(texts).toEqual(expect.arrayContaining([
      'USPS PRIORITY MAIL', 'P', 'ACME WIDGETS FULFILLMENT', '1200 INDUSTRIAL PARKWAY', 'COLUMBUS OH 43215',
      'JOSE MULLER C/O FRONT DESK', '350 FIFTH AVENUE', 'NEW YORK NY 10118', 'SAMPLE', 'NOT POSTAGE', 'USPS TRACKING # SAMPLE', input.impb.hri,
      'SHIP DATE', '06/03/2025', '2 LB 4 OZ', 'REF 1: 2', 'REF 2: WID-BLU-001', 'DESCRIPTION: Blue widget',
    ]));
  });

  it('encodes the same IMpb data as the PDF barcode as a ^BC GS1-128 symbol, 3-dot modules for a ZIP5 label', () => {
    const input = labelInput();
    const zpl = renderZplLabel(input).toString('utf8');
    expect(zpl).toContain(`^BY3,3.0,152\n`);
    expect(zpl).toContain(`^BCN,152,N,N,N,N^FD${gs1128Data(input.impb.barcodeData)}^FS`);
  });

  it('narrows the modules to 2 dots when a ZIP+4 and 26-digit symbol would not fit its quiet zones at 3', () => {
    const zpl = renderZplLabel(labelInput({ zip4: '1234', serial: 123_456_789 })).toString('utf8');
    expect(zpl).toContain('^BY2,3.0,152');
  });

  it('never lets a customer\'s ^ or ~ start a command', () => {
    const zpl = renderZplLabel(labelInput({ to: { name: 'Evil ^XZ~JR' }, package: { description: '^XA' } })).toString('utf8');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).not.toContain('~');
  });
});
