import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelInput } from '../carriers/testing/label-fixtures';
import { renderLabel } from '../carriers';
import { stampVoidLabel, VOID_NOTICE } from './void-stamp.pdf';

// A real reader (poppler-utils: pdftotext, pdftoppm, which the integration suite's machine has) reads the stamped label
// back; the pure checks are in void-stamp.pdf.spec.ts. The page seen at 50 dpi is kept as /tmp/void-stamp.png.

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); install poppler-utils`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'void-stamp-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const write = (name: string, pdf: Uint8Array): string => {
  const path = join(workDir, name);
  writeFileSync(path, pdf);
  return path;
};

/** Pixels of the page at 50 dpi that are clearly red (the stamp's colour; the sandbox label is black on white). */
const redPixels = (pdfPath: string): number => {
  const base = pdfPath.replace(/\.pdf$/, '');
  run('pdftoppm', ['-r', '50', '-singlefile', pdfPath, base]);
  const ppm = readFileSync(`${base}.ppm`);
  // Binary PPM: "P6\n<w> <h>\n<max>\n" then RGB triples.
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a binary PPM');
  let red = 0;
  for (let i = header[0].length; i + 2 < ppm.length; i += 3) {
    const [r, g, b] = [ppm[i] ?? 0, ppm[i + 1] ?? 0, ppm[i + 2] ?? 0];
    if (r - g > 60 && r - b > 60) red++;
  }
  return red;
};

describe('a voided label as a PDF reader sees it', () => {
  it('shows VOID and the notice as text, and a large red stamp over the page', async () => {
    const label = await renderLabel(labelInput());
    const stamped = await stampVoidLabel(label);
    const path = write('stamped.pdf', stamped);
    const text = run('pdftotext', [path, '-']);
    expect(text).toMatch(/\bVOID\b/);
    expect(text).toContain(VOID_NOTICE);
    expect(run('pdftotext', [write('label.pdf', label), '-'])).not.toMatch(/\bVOID\b/);

    run('pdftoppm', ['-png', '-r', '50', '-singlefile', path, join(workDir, 'stamped')]);
    copyFileSync(join(workDir, 'stamped.png'), '/tmp/void-stamp.png');
    // A 4x6 label at 50 dpi is 200 x 300 pixels: the stamp reddens a good part of it, the label itself none.
    expect(redPixels(join(workDir, 'label.pdf'))).toBe(0);
    expect(redPixels(path)).toBeGreaterThan(200 * 300 * 0.05);
  });

  it('reads the same after a second stamp: one stamp, never two stacked', async () => {
    const once = await stampVoidLabel(await renderLabel(labelInput()));
    const twice = await stampVoidLabel(once);
    const count = (pdf: Uint8Array, name: string) => (run('pdftotext', [write(name, pdf), '-']).match(/\bVOID\b/g) ?? []).length;
    expect(count(twice, 'twice.pdf')).toBe(count(once, 'once.pdf'));
    expect(redPixels(join(workDir, 'twice.pdf'))).toBe(redPixels(join(workDir, 'once.pdf')));
  });
});
