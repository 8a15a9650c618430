import PDFDocument from 'pdfkit';
import { PDFDocument as PdfLibDocument, PDFDict, PDFName } from 'pdf-lib';
import { useParsedStandardFonts } from './standard-fonts';

const render = async (prepare: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> => {
  const doc = new PDFDocument({ size: [288, 432], margin: 0, font: null as unknown as string, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  prepare(doc);
  doc.font('Helvetica').fontSize(12).text('Ship to: Jane Doe', 10, 10);
  doc.font('Helvetica-Bold').fontSize(20).text('USPS PRIORITY MAIL', 10, 40);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
};

const fontNames = async (pdf: Buffer): Promise<string[]> => {
  const page = (await PdfLibDocument.load(pdf)).getPage(0);
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  return (fonts?.values() ?? []).map((ref) => String(page.doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'))));
};

describe('useParsedStandardFonts', () => {
  it('gives documents the same fonts pdfkit would load itself, each document with its own font objects', async () => {
    const plain = await render((doc) => doc.font('Helvetica'));
    const first = await render((doc) => useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']));
    const second = await render((doc) => useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']));
    expect(await fontNames(first)).toEqual(await fontNames(plain));
    expect(await fontNames(second)).toEqual(['/Helvetica', '/Helvetica-Bold']);
    // Same drawing, same bytes apart from the document's random id.
    const strip = (pdf: Buffer) => pdf.toString('latin1').replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
    expect(strip(first)).toEqual(strip(plain));
    expect(strip(second)).toEqual(strip(first));
  });
});
