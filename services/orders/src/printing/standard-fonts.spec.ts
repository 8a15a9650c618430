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
  // Letter pairs the fonts kern (AV, Ta, Yo, LT, "W.", r.): their positions are in the bytes compared.
  doc.font('Helvetica').fontSize(10).text(`AVATAR Tower, Yo-Yo LTD. "Wave" r. F. P. y. 'Y'`, 10, 80, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(10).text(`AVATAR Tower, Yo-Yo LTD. "Wave" r. F. P. y. 'Y'`, 10, 100, { lineBreak: false });
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

  it('measures every kerned pair of both fonts as pdfkit itself does', () => {
    const plain = new PDFDocument({ autoFirstPage: false });
    const shared = new PDFDocument({ autoFirstPage: false });
    useParsedStandardFonts(shared, ['Helvetica', 'Helvetica-Bold']);
    for (const name of ['Helvetica', 'Helvetica-Bold'] as const) {
      plain.font(name).fontSize(1000);
      shared.font(name).fontSize(1000);
      const pairs = Object.keys((plain as unknown as { _font: { font: { kernPairs: Record<string, number> } } })._font.font.kernPairs);
      expect(pairs.length).toBeGreaterThan(200);
      // Glyph names back to the characters pdfkit maps them from, for the pairs whose letters are plain ASCII.
      const ascii = pairs.map((pair) => pair.split('\0')).filter(([l, r]) => /^[A-Za-z]$/.test(l ?? '') && /^[A-Za-z]$/.test(r ?? ''));
      expect(ascii.length).toBeGreaterThan(50);
      for (const [left, right] of ascii) {
        const text = `${left}${right}x`;
        expect(shared.widthOfString(text)).toBe(plain.widthOfString(text));
      }
      // A kerned pair measures narrower than its letters apart: the kerning is really applied.
      expect(shared.widthOfString('AV')).toBeLessThan(shared.widthOfString('A') + shared.widthOfString('V'));
    }
  });
});
