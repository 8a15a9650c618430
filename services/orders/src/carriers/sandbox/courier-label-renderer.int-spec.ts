import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rasteriseZpl, toPbm } from '../testing/zpl-rasteriser';
import { renderCourierLabel } from './courier-label-renderer';
import { courierLabelInput } from './testing/courier-label-input';
import { renderCourierZplLabel } from './courier-zpl-label-renderer';

// Real readers: pdftoppm (poppler-utils) rasterises the PDF, zbarimg (zbar-tools) says what the bars hold.
let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'sandbox-courier-label-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let count = 0;
const scan = (imagePath: string): string[] => {
  const spawned = spawnSync('zbarimg', ['--raw', '-q', imagePath], { encoding: 'latin1', timeout: 30_000 });
  if (spawned.error) throw new Error(`zbarimg could not run (${spawned.error.message}); install zbar-tools`);
  return spawned.stdout.split('\n').filter((line) => line !== '');
};

const decodePdf = (pdf: Buffer, dpi: number): string[] => {
  const base = join(workDir, `label-${++count}`);
  writeFileSync(`${base}.pdf`, pdf);
  const raster = spawnSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', `${base}.pdf`, base], { timeout: 30_000 });
  if (raster.error || raster.status !== 0) throw new Error(`pdftoppm failed; install poppler-utils`);
  return scan(`${base}.png`);
};

describe('the UPS and FedEx sample labels, scanned', () => {
  it.each(['ups_ground', 'ups_next_day_air', 'fedex_ground', 'fedex_standard_overnight'])('decode the %s PDF label to its tracking number at 300 and 203 dpi', async (uid) => {
    const input = courierLabelInput(uid);
    const pdf = await renderCourierLabel(input);
    for (const dpi of [300, 203]) expect(decodePdf(pdf, dpi)).toEqual([input.tracking.number]);
  });

  it('print their bottom band as a reader reads it: SAMPLE \u2014 NOT VALID FOR SHIPPING', async () => {
    const path = join(workDir, `label-${++count}.pdf`);
    writeFileSync(path, await renderCourierLabel(courierLabelInput('fedex_2_day')));
    const text = spawnSync('pdftotext', [path, '-'], { encoding: 'utf8', timeout: 30_000 }).stdout;
    expect(text).toContain('SAMPLE \u2014 NOT VALID FOR SHIPPING');
  });

  it.each(['ups_3_day_select', 'fedex_express_saver'])('decode the rasterised %s ZPL label to its tracking number', (uid) => {
    const input = courierLabelInput(uid);
    const path = join(workDir, `label-${++count}.pbm`);
    writeFileSync(path, toPbm(rasteriseZpl(renderCourierZplLabel(input).toString('utf8'))));
    expect(scan(path)).toEqual([input.tracking.number]);
  });
});
