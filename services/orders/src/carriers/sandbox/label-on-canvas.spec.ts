import { PDFDocument as PdfLibDocument } from 'pdf-lib';
import PDFDocument from 'pdfkit';
import { inflateSync } from 'node:zlib';
import { labelInput } from '../testing/label-fixtures';
import { collectPdf, LabelCanvas, type LabelDrawing, pdfString, readCanvasPdf, useParsedStandardFonts } from '../../printing';
import { drawLabel, labelInfo, LABEL_HEIGHT_PT, LABEL_WIDTH_PT, renderLabel, type LabelRenderInput } from './label-renderer';

/** The page content pdfkit writes for the same drawing calls (its first stream is the page's content). */
const pdfkitContent = async (input: LabelRenderInput): Promise<string> => {
  const doc = new PDFDocument({ size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT], margin: 0, font: null as unknown as string });
  useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const done = collectPdf(doc);
  drawLabel(doc as unknown as LabelDrawing, input);
  doc.end();
  const pdf = await done;
  const latin = pdf.toString('latin1');
  const start = latin.indexOf('stream\n') + 'stream\n'.length;
  return inflateSync(pdf.subarray(start, latin.indexOf('\nendstream', start))).toString('latin1');
};

const canvasContent = (input: LabelRenderInput): string => {
  const canvas = new LabelCanvas(LABEL_WIDTH_PT, LABEL_HEIGHT_PT);
  drawLabel(canvas, input);
  return canvas.content();
};

const INPUTS: ReadonlyArray<[string, LabelRenderInput]> = [
  ['a plain label', labelInput()],
  ['ZIP+4 and a 26-digit tracking number', labelInput({ zip4: '1234', serial: 12_345_678_901 })],
  [
    'a long company address that shrinks and is cut with an ellipsis',
    labelInput({ to: { name: 'Maximilian Alexander Montgomery-Worthington III', company: 'Northwest Regional Medical Supply Cooperative', street1: '12345 North Johnson Creek Boulevard', street2: 'Apartment 1205, Building C', city: 'Rancho Santa Margarita', state: 'CA', zip: '92688-1234' } }),
  ],
  ['text with accents, line breaks and kerning pairs (AV, To, Wa)', labelInput({ to: { name: 'José AVA Töwa\nc/o "Front" (Desk)' }, package: { description: 'Vase — “fragile” Wax/Yarn', reference2: null } })],
  ['another service and weight', labelInput({ serviceUid: 'usps_ground_advantage', package: { weightLb: 0.1, lengthIn: 6.25, widthIn: 4, heightIn: 0.5 } })],
];

describe('LabelCanvas', () => {
  it.each(INPUTS)('writes the page content pdfkit writes for the same label, operator for operator: %s', async (_case, input) => {
    expect(canvasContent(input)).toBe(await pdfkitContent(input));
  });

  it('writes a PDF whose cross-reference table points at each object, one 4x6 in page that a PDF library reads', async () => {
    const pdf = await renderLabel(labelInput());
    const latin = pdf.toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(latin)?.[1]);
    expect(latin.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = latin.slice(xrefAt).split('\n').slice(3, 10);
    expect(entries.map((entry, i) => latin.startsWith(`${i + 1} 0 obj\n`, Number(entry.slice(0, 10))))).toEqual(Array(7).fill(true));
    const doc = await PdfLibDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(doc.getTitle()).toBe(labelInfo(labelInput()).Title);
  });

  it('reads back the page of a PDF it wrote, and nothing else', async () => {
    const pdf = await renderLabel(labelInput());
    const page = readCanvasPdf(pdf);
    expect(page).toMatchObject({ width: 288, height: 432 });
    expect(inflateSync(page?.deflatedContent ?? Buffer.alloc(0)).toString('latin1')).toBe(canvasContent(labelInput()));
    const doc = new PDFDocument({ size: [288, 432] });
    const done = collectPdf(doc);
    doc.end();
    expect(readCanvasPdf(await done)).toBeNull();
    // One byte changed after the content stream (a font), or a file cut short: read by a real parser instead.
    const changed = Buffer.from(pdf);
    changed.write('Courier  ', pdf.indexOf('Helvetica-Bold'), 'latin1');
    expect(readCanvasPdf(changed)).toBeNull();
    expect(readCanvasPdf(pdf.subarray(0, 600))).toBeNull();
  });

  it('writes information strings escaped, and as UTF-16 when they are not plain ASCII', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
    expect(pdfString('é')).toBe('<feff00e9>');
  });
});
