import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib';
import { labelInput } from '../carriers/testing/label-fixtures';
import { renderLabel } from '../carriers';
import { isVoidStampedPdf, isVoidStampedZpl, labelFileKind, stampVoidLabel, stampVoidPdf, stampVoidZpl, VOID_KEYWORD, ZPL_VOID_MARKER } from './void-stamp.pdf';

// The checks that read the stamped PDF back with poppler (pdftotext, pdftoppm) are in void-stamp.pdf.int-spec.ts.

/** Every content stream of every page, decompressed, as text: what the page draws. */
const pageContents = (doc: PDFDocument): string[] =>
  doc.getPages().map((page) => {
    const streams: string[] = [];
    const contents = page.node.Contents();
    const refs = contents ? ('asArray' in contents ? contents.asArray() : [contents]) : [];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = Buffer.from(stream.contents);
      streams.push((stream.dict.toString().includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1'));
    }
    return streams.join('\n');
  });

/** "VOID" as pdf-lib shows it with a standard font: the WinAnsi codes in hex. */
const VOID_SHOWN = `<${Buffer.from('VOID', 'latin1').toString('hex').toUpperCase()}> Tj`;

const twoPagePdf = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([288, 432]).drawText('label one', { x: 20, y: 400, size: 12, font });
  doc.addPage([612, 792]).drawText('label two', { x: 20, y: 700, size: 12, font });
  doc.setKeywords(['carrier-label']);
  return doc.save();
};

describe('stampVoidPdf', () => {
  it('draws VOID and the notice on every page of the label and marks the document voided, keeping its own keywords', async () => {
    const stamped = await stampVoidPdf(await twoPagePdf());
    const doc = await PDFDocument.load(stamped);
    expect(doc.getPageCount()).toBe(2);
    for (const content of pageContents(doc)) {
      expect(content).toContain(VOID_SHOWN);
      // The notice is drawn too, and the word is rotated (a non-identity text matrix) and semi-transparent (an ExtGState).
      expect(content.match(/ Tj/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(content).toMatch(/\/GS-?\w+ gs/);
    }
    expect(doc.getKeywords()).toBe(`carrier-label ${VOID_KEYWORD}`);
    expect(await isVoidStampedPdf(stamped)).toBe(true);
  });

  it('leaves an already stamped PDF exactly as it is, so a second stamp never stacks a second VOID', async () => {
    const once = await stampVoidPdf(await twoPagePdf());
    const twice = await stampVoidPdf(once);
    expect(Buffer.from(twice).equals(Buffer.from(once))).toBe(true);
    const doc = await PDFDocument.load(twice);
    // One stamp shows the word twice: the diagonal one and the panel's.
    for (const content of pageContents(doc)) expect(content.split(VOID_SHOWN).length - 1).toBe(2);
  });

  it('stamps a real sandbox label and keeps its page size', async () => {
    const label = await renderLabel(labelInput());
    const stamped = await stampVoidLabel(label);
    const doc = await PDFDocument.load(stamped);
    expect(doc.getPage(0).getSize()).toEqual((await PDFDocument.load(label)).getPage(0).getSize());
    expect(pageContents(doc)[0]).toContain(VOID_SHOWN);
    expect(await isVoidStampedPdf(label)).toBe(false);
  });
});

describe('stampVoidZpl', () => {
  const zpl = (labels: number) => Buffer.from(Array.from({ length: labels }, (_, i) => `^XA\n^PW812\n^LL1218\n^FO50,50^A0N,40,40^FDLabel ${i}^FS\n^XZ\n`).join(''), 'latin1');

  it('puts a VOID field before the ^XZ of every label and nowhere else', () => {
    const text = Buffer.from(stampVoidZpl(zpl(2))).toString('latin1');
    const labels = text.split('^XZ').slice(0, -1);
    expect(labels).toHaveLength(2);
    for (const label of labels) {
      expect(label).toContain('^FDVOID^FS');
      expect(label).toContain('^FDVOIDED - DO NOT USE FOR SHIPPING^FS');
      expect(label.indexOf('^FDLabel')).toBeLessThan(label.indexOf('^FDVOID^FS'));
    }
    expect(text.split(ZPL_VOID_MARKER).length - 1).toBe(2);
    expect(text.endsWith('^XZ\n')).toBe(true);
  });

  it('centres the word on the label size the ZPL gives', () => {
    const text = Buffer.from(stampVoidZpl(Buffer.from('^XA^PW1200^LL1800^FDx^FS^XZ', 'latin1'))).toString('latin1');
    expect(text).toContain('^FO0,720^FB1200,1,0,C^A0N,360,360^FR^FDVOID^FS');
  });

  it('leaves stamped ZPL as it is, and refuses ZPL with no label in it', () => {
    const once = stampVoidZpl(zpl(1));
    expect(stampVoidZpl(once)).toBe(once);
    expect(isVoidStampedZpl(Buffer.from(once).toString('latin1'))).toBe(true);
    expect(() => stampVoidZpl(Buffer.from('^FDno end', 'latin1'))).toThrow(/no \^XZ/);
  });
});

describe('labelFileKind', () => {
  it('tells PDF from ZPL by the bytes and refuses anything else', async () => {
    expect(labelFileKind(await twoPagePdf())).toBe('pdf');
    expect(labelFileKind(Buffer.from('\n^XA^FDx^FS^XZ'))).toBe('zpl');
    expect(() => labelFileKind(Buffer.from('PK\u0003\u0004'))).toThrow(/neither a PDF nor ZPL/);
  });
});
