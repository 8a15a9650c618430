import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelInput } from '../testing/label-fixtures';
import { renderLabel } from './label-renderer';

// Real readers (Debian): poppler-utils (pdfinfo, pdftoppm, pdftotext) and zbar-tools (zbarimg), which the integration
// suite's machine has (.ci/run installs them); the renderer's pure checks are in label-renderer.spec.ts.
const GS = '\x1d';

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); install poppler-utils and zbar-tools`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'sandbox-label-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let fileCount = 0;
function writePdf(pdf: Buffer): string {
  const path = join(workDir, `label-${++fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

/** Rasterises the page at `dpi` and returns what zbarimg reads, one string per symbol found. */
function decodeBarcodes(pdf: Buffer, dpi = 300): string[] {
  const pdfPath = writePdf(pdf);
  const pngBase = pdfPath.replace(/\.pdf$/, `-${dpi}`);
  run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', pdfPath, pngBase]);
  const spawned = spawnSync('zbarimg', ['--raw', '-q', `${pngBase}.png`], { encoding: 'latin1', timeout: 30_000 });
  if (spawned.error) throw new Error(`zbarimg could not run (${spawned.error.message}); install zbar-tools`);
  return spawned.stdout.split('\n').filter((line) => line !== '');
}

/**
 * zbar's GS1-128 output back to an element string: it may keep the AIM prefix `]C1`, drop or keep the
 * leading FNC1, and shows the FNC1 after the variable-length AI 420 as GS (0x1d) — or not at all, in which
 * case the PIC is the last `picLength` digits.
 */
function toElementString(decoded: string, picLength: number): string {
  let data = decoded.replace(/^\]C1/, '');
  if (data.startsWith(GS)) data = data.slice(1);
  const [routing, pic] = data.includes(GS) ? data.split(GS) : [data.slice(0, -picLength), data.slice(-picLength)];
  if (!routing.startsWith('420')) throw new Error(`decoded data does not start with AI 420: ${JSON.stringify(decoded)}`);
  return `(420)${routing.slice(3)}(${pic.slice(0, 2)})${pic.slice(2)}`;
}

describe('renderLabel', () => {
  it('produces a PDF of exactly one 4x6 in page (288 × 432 pt)', async () => {
    const pdf = await renderLabel(labelInput());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = run('pdfinfo', [writePdf(pdf)]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+288 x 432 pts/m);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('encodes a barcode that a real reader (zbarimg) decodes to the GS1 element string, at 300 and 203 dpi', async () => {
    const input = labelInput();
    const pdf = await renderLabel(input);
    for (const dpi of [300, 203]) {
      const decoded = decodeBarcodes(pdf, dpi);
      expect(decoded).toHaveLength(1);
      expect(toElementString(decoded[0], input.impb.hri.replace(/ /g, '').length)).toBe(input.impb.barcodeData);
    }
    expect(input.impb.barcodeData).toBe('(420)10118(92)05599999999900012346');
  });

  it('still decodes with the longer ZIP+4 routing code', async () => {
    const input = labelInput({ to: { zip: '92688-1234' }, zip4: '1234' });
    expect(input.impb.barcodeData.startsWith('(420)926881234(92)')).toBe(true);
    const [decoded] = decodeBarcodes(await renderLabel(input));
    expect(toElementString(decoded, 22)).toBe(input.impb.barcodeData);
  });

  it('prints banner, addresses, tracking HRI, references and the SAMPLE — NOT POSTAGE marks, with no indicia wording', async () => {
    const input = labelInput();
    const text = run('pdftotext', ['-layout', writePdf(await renderLabel(input)), '-']);
    for (const expected of [
      'USPS PRIORITY MAIL',
      'ACME WIDGETS FULFILLMENT',
      'COLUMBUS OH 43215',
      'JANE DOE',
      '350 FIFTH AVENUE',
      'NEW YORK NY 10118',
      'USPS TRACKING #',
      '9205 5999 9999 9900 0123 46',
      'REF 1: 2',
      'REF 2: WID-BLU-001',
      'DESCRIPTION: Blue widget',
      '06/03/2025',
      '2 LB 4 OZ',
      'NOT POSTAGE',
      'SAMPLE \u2014 NOT POSTAGE \u2014 DO NOT MAIL',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/POSTAGE PAID|ePostage|eVS|PERMIT/i);
  });

  it('prints a store order number and a several-SKU contents line as the references (issue 49, defect 7)', async () => {
    const input = labelInput({ package: { reference1: '#1051', reference2: 'CND-CEDAR-8 x 2, CND-SALT-12 x 1, ACC-TRIM x 1' } });
    const text = run('pdftotext', ['-layout', writePdf(await renderLabel(input)), '-']);
    expect(text).toContain('REF 1: #1051');
    expect(text).toContain('REF 2: CND-CEDAR-8 x 2, CND-SALT-12 x 1');
  });

  it('fits a long delivery address (company, 35-character street, street 2) on the page without cutting it', async () => {
    const input = labelInput({
      to: {
        name: 'Maximilian Alexander Montgomery',
        company: 'Northwest Regional Medical Supply',
        street1: '12345 North Johnson Creek Boulevard',
        street2: 'Apartment 1205, Attn: Receiving',
        city: 'Rancho Santa Margarita',
        state: 'CA',
        zip: '92688-1234',
      },
      zip4: '1234',
    });
    expect(input.to.street1).toHaveLength(35);
    const pdf = await renderLabel(input);
    const text = run('pdftotext', ['-layout', writePdf(pdf), '-']);
    for (const line of ['NORTHWEST REGIONAL MEDICAL SUPPLY', '12345 NORTH JOHNSON CREEK BOULEVARD', 'APARTMENT 1205, ATTN: RECEIVING', 'RANCHO SANTA MARGARITA CA 92688-1234']) {
      expect(text).toContain(line);
    }
    expect(run('pdfinfo', [writePdf(pdf)])).toMatch(/^Pages:\s+1$/m);
  });

  it('prints the closest text the standard fonts can show, on one line, never a replacement "?"', async () => {
    const input = labelInput({ to: { name: 'José Müller 🚀\nc/o Front Desk\t', city: 'San José' } });
    const text = run('pdftotext', ['-layout', writePdf(await renderLabel(input)), '-']);
    expect(text).toContain('JOSE MULLER C/O FRONT DESK');
    expect(text).toContain('SAN JOSE NY 10118');
    expect(text).not.toContain('?');
  });
});
