import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { renderLabel } from '../carriers';
import { labelInput } from '../carriers/testing/label-fixtures';
import { CUT_WORDS, LETTER, labelOnLetter } from './letter-layout';

// Real readers (Debian poppler-utils, zbar-tools): a check whose tool is missing is skipped with a warning; pdf-lib
// reading the sheet back and the placement are always checked.
const hasTool = (command: string): boolean => !spawnSync(command, ['-v'], { encoding: 'utf8' }).error;
const readers = hasTool('pdfinfo') && hasTool('pdftotext') && hasTool('pdftoppm') && hasTool('zbarimg');
if (!readers) console.warn('letter-layout.spec: poppler-utils or zbar-tools is not installed, the readers\' checks are skipped');
const withReaders = readers ? it : it.skip;

const run = (command: string, args: string[]): string => {
  const result = spawnSync(command, args, { encoding: 'latin1', timeout: 60_000 });
  if (result.error || result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout;
};

const input = labelInput({ serial: 4242, to: { name: 'Letter Recipient' } });
const tracking = input.impb.hri.replace(/ /g, '');
let workDir: string;
let sheet: Uint8Array;
let sheetPath: string;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'letter-label-'));
  sheet = await labelOnLetter(await renderLabel(input));
  sheetPath = join(workDir, 'sheet.pdf');
  writeFileSync(sheetPath, sheet);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The `cm` the label's form is drawn with, and the box the 288 × 432 pt label covers on the sheet. */
const labelPlacement = (pdf: Uint8Array) => {
  const match = /([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm \/L0 Do/.exec(Buffer.from(pdf).toString('latin1'));
  if (!match) throw new Error('the label form is not drawn on the sheet');
  const [a, b, c, d, e, f] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const corners = [
    [0, 0],
    [288, 432],
  ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f]);
  const xs = corners.map(([x]) => x!);
  const ys = corners.map(([, y]) => y!);
  return { scale: Math.hypot(a, b), box: { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) } };
};

describe('a 4×6 label on Letter paper', () => {
  it('is one 8.5 × 11 in sheet (612 × 792 pt) that pdf-lib reads back', async () => {
    const reloaded = await PDFDocument.load(sheet);
    expect(reloaded.getPageCount()).toBe(1);
    expect(reloaded.getPage(0).getSize()).toEqual({ width: LETTER.width, height: LETTER.height });
  });

  it('draws the label at 100 %, turned a quarter, centred in the top half of the sheet', () => {
    const { scale, box } = labelPlacement(sheet);
    expect(scale).toBeCloseTo(1, 6);
    expect(box).toEqual({ left: 90, right: 522, bottom: 450, top: 738 });
    expect(box.bottom).toBeGreaterThanOrEqual(LETTER.height / 2);
  });

  it('embeds the carrier page as a vector form, not a picture of it', () => {
    const text = Buffer.from(sheet).toString('latin1');
    expect(text).toMatch(/\/Subtype \/Form/);
    expect(text).not.toMatch(/\/Subtype \/Image/);
  });

  withReaders('reads as a Letter page whose top half holds the label and whose middle says where to cut', () => {
    expect(run('pdfinfo', [sheetPath])).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
    const band = (top: number, height: number) => run('pdftotext', ['-x', '0', '-y', String(top), '-W', '612', '-H', String(height), '-layout', sheetPath, '-']);
    const top = band(0, 396);
    expect(top).toContain('LETTER RECIPIENT');
    expect(top).toContain(input.impb.hri);
    expect(top).not.toContain('Cut or fold');
    expect(band(396, 396).replace(/\s+/g, ' ').trim()).toBe(CUT_WORDS);
  });

  withReaders("keeps a barcode a reader decodes at 200 dpi: the label's tracking number", () => {
    const base = join(workDir, 'sheet-200');
    run('pdftoppm', ['-r', '200', '-png', '-singlefile', sheetPath, base]);
    const decoded = run('zbarimg', ['--raw', '-q', `${base}.png`])
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/\D/g, ''));
    expect(decoded.some((digits) => digits.endsWith(tracking))).toBe(true);
  });
});
