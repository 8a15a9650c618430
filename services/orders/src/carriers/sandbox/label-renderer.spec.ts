import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelAddress } from '../carrier.port';
import { buildImpb, SANDBOX_TEST_MAILER_ID } from './impb';
import { barSpaceWidths, formatWeight, type LabelRenderInput, renderLabel } from './label-renderer';
import { findSandboxService } from './sandbox-services';

// Real readers (Debian): poppler-utils (pdfinfo, pdftoppm, pdftotext) and zbar-tools (zbarimg).
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

const address = (overrides: Partial<LabelAddress>): LabelAddress => ({
  name: 'Jane Doe',
  company: null,
  phone: null,
  street1: '350 Fifth Avenue',
  street2: null,
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  ...overrides,
});

function labelInput(overrides: { to?: Partial<LabelAddress>; zip4?: string; serviceUid?: string } = {}): LabelRenderInput {
  const service = findSandboxService(overrides.serviceUid ?? 'usps_priority');
  if (!service) throw new Error('fixture service missing');
  const to = address({ ...overrides.to });
  return {
    service,
    from: address({ name: 'Acme Widgets Fulfillment', street1: '1200 Industrial Parkway', city: 'Columbus', state: 'OH', zip: '43215' }),
    to,
    package: { lengthIn: 12, widthIn: 10, heightIn: 4, weightLb: 2.25, description: 'Blue widget', reference1: '2', reference2: 'WID-BLU-001' },
    impb: buildImpb({
      zip5: to.zip.slice(0, 5),
      zip4: overrides.zip4,
      channel: '92',
      serviceTypeCode: service.serviceTypeCode,
      mailerId: SANDBOX_TEST_MAILER_ID,
      serial: 1234,
    }),
    shipDate: new Date(2025, 5, 3, 12),
  };
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

  it('draws the barcode as vectors and uses only the standard Helvetica fonts (no images, no embedded font files)', async () => {
    const text = (await renderLabel(labelInput())).toString('latin1');
    expect(text).not.toMatch(/\/Subtype \/Image/);
    expect(text).not.toMatch(/\/FontFile/);
    const fonts = [...text.matchAll(/\/BaseFont \/([\w-]+)/g)].map((match) => match[1]);
    expect(new Set(fonts)).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
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

  it('uses FNC1 after the variable-length ZIP routing code: 222 modules for ZIP5 as formats.md §1.6 computes', () => {
    const widths = barSpaceWidths('(420)10001(92)05591234567800000011');
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(222);
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
      'QTY (REF 1): 2',
      'SKU (REF 2): WID-BLU-001',
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

  it('replaces characters the standard fonts cannot show instead of printing garbage', async () => {
    const input = labelInput({ to: { name: 'José Müller 🚀', city: 'San José' } });
    const text = run('pdftotext', ['-layout', writePdf(await renderLabel(input)), '-']);
    expect(text).toContain('JOSE MULLER ?');
    expect(text).toContain('SAN JOSE NY 10118');
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
