import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFNumber, StandardFonts, degrees, rgb } from 'pdf-lib';
import { labelInput } from '../../carriers/testing/label-fixtures';
import { readCanvasPdf } from '../../printing';
import { type LabelRenderInput, renderLabel } from '../../carriers';
import { mergedLabelPdfChunks } from './merged-label-pdf.writer';

// Real readers (Debian): poppler-utils (pdfinfo, pdftotext, pdftoppm), qpdf, zbar-tools (zbarimg). A check whose
// tool is missing is skipped with a warning instead of failing: pdf-lib re-reading the output is always checked.
const hasTool = (command: string): boolean => !spawnSync(command, ['--version'], { encoding: 'utf8' }).error;
const tools = { poppler: hasTool('pdfinfo') && hasTool('pdftotext') && hasTool('pdftoppm'), qpdf: hasTool('qpdf'), zbar: hasTool('zbarimg') };
for (const [name, present] of Object.entries(tools)) {
  if (!present) console.warn(`merged-label-pdf.writer.spec: ${name} is not installed, its checks are skipped (apt-get install poppler-utils qpdf zbar-tools)`);
}
const withPoppler = tools.poppler ? it : it.skip;
const withQpdf = tools.qpdf ? it : it.skip;
const withZbar = tools.poppler && tools.zbar ? it : it.skip;

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'merged-labels-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let fileCount = 0;
function writePdf(pdf: Buffer): string {
  const path = join(workDir, `merged-${++fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

/** A sandbox label whose tracking number ends in the serial, so the order of labels can be read back. */
const serialLabel = (serial: number): LabelRenderInput => labelInput({ serial, to: { name: `Recipient ${serial}` }, package: { reference1: '1', reference2: `SKU-${serial}` } });

const inputs = [1001, 1002, 1003].map(serialLabel);
let labels: Buffer[];
beforeAll(async () => {
  labels = await Promise.all(inputs.map(renderLabel));
});

async function merge(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, layout: '4x6' | 'letter_2up'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of mergedLabelPdfChunks(source, { layout })) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Text of one page, or of one horizontal band of it (top/bottom in pt from the top, at 72 dpi). */
function pageText(path: string, page: number, band?: { top: number; height: number; width: number }): string {
  const area = band ? ['-x', '0', '-y', String(band.top), '-W', String(band.width), '-H', String(band.height)] : [];
  return run('pdftotext', ['-f', String(page), '-l', String(page), ...area, '-layout', path, '-']);
}

function pdfinfo(path: string): { pages: number; pageSizes: string[] } {
  const info = run('pdfinfo', ['-f', '1', '-l', '1000', path]);
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
  const pageSizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((match) => match[1]);
  return { pages, pageSizes };
}

/** What zbarimg reads in one band of one page rendered at 300 dpi: the tracking numbers (the PIC after AI 420+ZIP). */
function barcodesIn(path: string, page: number, band?: { top: number; height: number; width: number }): string[] {
  const dpi = 300;
  const base = join(workDir, `page-${++fileCount}`);
  const crop = band ? ['-x', '0', '-y', String(Math.round((band.top * dpi) / 72)), '-W', String(Math.round((band.width * dpi) / 72)), '-H', String(Math.round((band.height * dpi) / 72))] : [];
  run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', '-f', String(page), '-l', String(page), ...crop, path, base]);
  const decoded = spawnSync('zbarimg', ['--raw', '-q', `${base}.png`], { encoding: 'latin1', timeout: 60_000 });
  return decoded.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/\D/g, '').slice(-22));
}

const trackingOf = (input: LabelRenderInput) => input.impb.hri.replace(/ /g, '');
const TOP = { top: 0, height: 396, width: 612 };
const BOTTOM = { top: 396, height: 396, width: 612 };

describe('merged label PDF, 4x6 layout', () => {
  it('has one 288 × 432 pt page per label and pdf-lib reads it back', async () => {
    const merged = await merge(labels, '4x6');
    const reloaded = await PDFDocument.load(merged);
    expect(reloaded.getPageCount()).toBe(3);
    for (const page of reloaded.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });
    expect(merged.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(merged.subarray(-6).toString('latin1')).toBe('%%EOF\n');
  });

  withPoppler('keeps the order the labels were fed in, each page showing its own label', async () => {
    const path = writePdf(await merge([labels[2], labels[0], labels[1]], '4x6'));
    expect(pdfinfo(path)).toEqual({ pages: 3, pageSizes: ['288 x 432', '288 x 432', '288 x 432'] });
    [inputs[2], inputs[0], inputs[1]].forEach((input, i) => {
      const text = pageText(path, i + 1);
      expect(text).toContain(input.impb.hri);
      expect(text).toContain(input.to.name.toUpperCase());
      expect(text).toContain('NOT POSTAGE');
    });
  });

  withQpdf('passes qpdf --check (structure, cross-reference offsets, streams)', async () => {
    const path = writePdf(await merge(labels, '4x6'));
    expect(run('qpdf', ['--check', path])).toMatch(/No syntax or stream encoding errors found/);
  });

  withZbar('carries barcodes that a real reader decodes, one per page, in order', async () => {
    const path = writePdf(await merge(labels, '4x6'));
    inputs.forEach((input, i) => expect(barcodesIn(path, i + 1)).toEqual([trackingOf(input)]));
  });
});

describe('merged label PDF, letter_2up layout', () => {
  withPoppler('puts two labels on each 612 × 792 pt page, the first on top, and leaves the bottom of an odd last page empty', async () => {
    const path = writePdf(await merge(labels, 'letter_2up'));
    expect(pdfinfo(path)).toEqual({ pages: 2, pageSizes: ['612 x 792', '612 x 792'] });
    expect(pageText(path, 1, TOP)).toContain('RECIPIENT 1001');
    expect(pageText(path, 1, BOTTOM)).toContain('RECIPIENT 1002');
    expect(pageText(path, 2, TOP)).toContain('RECIPIENT 1003');
    expect(pageText(path, 2, BOTTOM).trim()).toBe('');
  });

  it('has ceil(n/2) letter pages that pdf-lib reads back', async () => {
    for (const count of [1, 2, 3, 4]) {
      const reloaded = await PDFDocument.load(await merge(labels.concat(labels).slice(0, count), 'letter_2up'));
      expect(reloaded.getPageCount()).toBe(Math.ceil(count / 2));
      expect(reloaded.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    }
  });

  it('places the labels as form XObjects at full size, turned a quarter to fit each half', async () => {
    const merged = await merge(labels.slice(0, 2), 'letter_2up');
    const text = merged.toString('latin1');
    expect(text.match(/\/Subtype \/Form/g)).toHaveLength(2);
    expect(text.match(/\/BBox \[ 0 0 288 432 \]/g)).toHaveLength(2);
    // 432 × 288 pt once turned, centred in each 612 × 396 pt half: x 90, y 54 (bottom) and 450 (top).
    expect(text).toContain('q 0 1 -1 0 522 450 cm /L0 Do Q');
    expect(text).toContain('q 0 1 -1 0 522 54 cm /L1 Do Q');
  });

  withQpdf('passes qpdf --check', async () => {
    const path = writePdf(await merge(labels, 'letter_2up'));
    expect(run('qpdf', ['--check', path])).toMatch(/No syntax or stream encoding errors found/);
  });

  withZbar('carries barcodes that a real reader decodes in each half, in order', async () => {
    const path = writePdf(await merge(labels, 'letter_2up'));
    expect(barcodesIn(path, 1, TOP)).toEqual([trackingOf(inputs[0])]);
    expect(barcodesIn(path, 1, BOTTOM)).toEqual([trackingOf(inputs[1])]);
    expect(barcodesIn(path, 2, TOP)).toEqual([trackingOf(inputs[2])]);
    expect(barcodesIn(path, 2, BOTTOM)).toEqual([]);
  });
});

/**
 * A label as another PDF producer might make it: saved by pdf-lib with object streams and a cross-reference stream,
 * two content streams, MediaBox and Resources inherited from the page tree, and a /Rotate of 90 (a 6 × 4 page that
 * viewers show as 4 × 6).
 */
async function foreignLabel(tracking: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([432, 288]);
  page.setRotation(degrees(90));
  page.drawText(`FOREIGN ${tracking}`, { x: 40, y: 140, size: 20, font });
  page.drawRectangle({ x: 10, y: 10, width: 412, height: 268, borderWidth: 2, borderColor: rgb(0, 0, 0) });
  // A second content stream of our own: /Contents becomes an array of two.
  page.node.setFontDictionary(PDFName.of('F9'), font.ref);
  page.node.addContentStream(doc.context.register(doc.context.flateStream('BT /F9 14 Tf 40 100 Td (SECOND STREAM) Tj ET')));
  const pagesRoot = doc.catalog.Pages();
  pagesRoot.set(PDFName.MediaBox, page.node.get(PDFName.MediaBox) ?? doc.context.obj([0, 0, 432, 288]));
  pagesRoot.set(PDFName.Resources, page.node.get(PDFName.Resources) ?? doc.context.obj({}));
  page.node.delete(PDFName.MediaBox);
  page.node.delete(PDFName.Resources);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe("merged label PDF of the sandbox's own labels", () => {
  it('copies each label\'s content stream as it is, and writes the two standard fonts once for the whole file', async () => {
    const merged = await merge(labels, '4x6');
    const text = merged.toString('latin1');
    expect(text.match(/\/BaseFont \/Helvetica\n/g)).toHaveLength(1);
    expect(text.match(/\/BaseFont \/Helvetica-Bold\n/g)).toHaveLength(1);
    for (const label of labels) expect(merged.indexOf(readCanvasPdf(label)?.deflatedContent ?? Buffer.alloc(1))).toBeGreaterThan(0);
  });

  withPoppler('draws every page pixel for pixel as the label alone, in both layouts', async () => {
    const raster = (path: string, page: number, crop: string[] = []): Buffer => {
      const base = join(workDir, `raster-${++fileCount}`);
      run('pdftoppm', ['-r', '72', '-png', '-singlefile', '-f', String(page), '-l', String(page), ...crop, path, base]);
      return readFileSync(`${base}.png`);
    };
    const merged = writePdf(await merge(labels, '4x6'));
    labels.forEach((label, i) => expect(raster(merged, i + 1).equals(raster(writePdf(label), 1))).toBe(true));
    // On Letter the label is turned a quarter: the same label merged the parsed way (a copy pdf-lib wrote) looks the same.
    const parsedCopy = Buffer.from(await (await PDFDocument.load(labels[0] as Buffer)).save());
    const sheets = [writePdf(await merge([labels[0] as Buffer], 'letter_2up')), writePdf(await merge([parsedCopy], 'letter_2up'))];
    expect(raster(sheets[0] as string, 1).equals(raster(sheets[1] as string, 1))).toBe(true);
  });
});

describe('merged label PDF from labels of another producer', () => {
  withPoppler('copies inherited page attributes and rotation into a 4x6 page, and turns the page right way up on letter', async () => {
    const foreign = await foreignLabel('A1');
    const inherited = await PDFDocument.load(foreign);
    expect(foreign.toString('latin1')).toContain('/Type /ObjStm');
    expect(inherited.getPage(0).node.get(PDFName.MediaBox)).toBeUndefined();
    expect(inherited.getPage(0).node.get(PDFName.Resources)).toBeUndefined();
    const contents = inherited.getPage(0).node.Contents();
    expect(contents instanceof PDFArray && contents.size() >= 2).toBe(true);

    const path4x6 = writePdf(await merge([foreign, labels[0]], '4x6'));
    // pdfinfo reports the MediaBox before rotation and the rotation separately.
    expect(pdfinfo(path4x6).pageSizes).toEqual(['432 x 288', '288 x 432']);
    expect(pageText(path4x6, 1)).toContain('FOREIGN A1');
    const reloaded = await PDFDocument.load(await merge([foreign], '4x6'));
    expect(reloaded.getPage(0).getRotation().angle).toBe(90);
    expect(reloaded.getPage(0).node.lookup(PDFName.of('Rotate'), PDFNumber).asNumber()).toBe(90);

    const pathLetter = writePdf(await merge([foreign, labels[0]], 'letter_2up'));
    expect(pdfinfo(pathLetter)).toEqual({ pages: 1, pageSizes: ['612 x 792'] });
    const top = pageText(pathLetter, 1, TOP);
    expect(top).toContain('FOREIGN A1');
    expect(top).toContain('SECOND STREAM');
    expect(pageText(pathLetter, 1, BOTTOM)).toContain('RECIPIENT 1001');
    if (tools.qpdf) for (const path of [path4x6, pathLetter]) expect(run('qpdf', ['--check', path])).toMatch(/No syntax or stream encoding errors found/);
  });
});

describe('merged label PDF as a stream', () => {
  it('writes the first label out before the second one is asked for', async () => {
    let pulled = 0;
    async function* source(): AsyncGenerator<Buffer> {
      for (const label of labels) {
        pulled++;
        yield label;
      }
    }
    const chunks = mergedLabelPdfChunks(source(), { layout: '4x6' });
    const header = await chunks.next();
    const firstLabel = await chunks.next();
    expect(header.value?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(firstLabel.value?.toString('latin1')).toContain('/Type /Page');
    expect(pulled).toBe(1);
    await chunks.return(undefined);
  });

  it('refuses to make a document without labels, before writing anything', async () => {
    const chunks = mergedLabelPdfChunks([], { layout: '4x6' });
    await expect(chunks.next()).rejects.toThrow('no labels to merge');
  });

  it('names the label that is not a PDF', async () => {
    await expect(merge([labels[0], Buffer.from('not a pdf at all')], '4x6')).rejects.toThrow(/^label 2 is not a usable PDF/);
  });
});
