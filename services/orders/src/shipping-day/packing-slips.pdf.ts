/**
 * Packing slips on US Letter pages, one page per order, drawn with pdfkit and the standard Helvetica fonts (as the
 * sandbox's labels are). The document is a stream: pages are written as the slips come, so a batch of 10,000 rows
 * never sits whole in memory.
 */
import PDFDocument from 'pdfkit';
import { useParsedStandardFonts } from '../printing';
import { slipText, type PackingSlip, type SlipVariant } from './packing-slip.content';

type Doc = PDFKit.PDFDocument;
type FontName = 'Helvetica' | 'Helvetica-Bold';

const W = 612;
const H = 792;
const M = 54;
/** Item rows on one page; an order with more continues on the next page under the same heading. */
export const ITEMS_PER_PAGE = 34;

/** The slips as a PDF byte stream, pulled by the reader; `slips` may be read from the database meanwhile. */
export function packingSlipsPdf(slips: AsyncIterable<PackingSlip> | Iterable<PackingSlip>, variant: SlipVariant, createdAt: Date): Doc {
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    font: null as unknown as string,
    info: { Title: variant === 'gift' ? 'Gift packing slips' : 'Packing slips', Producer: 'labeldesk', Creator: 'labeldesk', CreationDate: createdAt },
  });
  useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  void (async () => {
    try {
      let pages = 0;
      for await (const slip of slips) pages += drawSlip(doc, slip, variant);
      if (pages === 0) {
        doc.addPage({ size: [W, H], margin: 0 });
        text(doc, 'This batch has no labels, so it has no packing slips.', M, M, 'Helvetica', 12);
      }
      doc.end();
    } catch (error) {
      doc.emit('error', error);
    }
  })();
  return doc;
}

function text(doc: Doc, value: string, x: number, y: number, font: FontName, size: number, width?: number): void {
  doc.font(font).fontSize(size);
  let shown = value;
  if (width !== undefined && doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}...`) > width) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}...`;
  }
  doc.text(shown, x, y, { lineBreak: false });
}

/** Draws one order's slip; answers the pages it took. */
function drawSlip(doc: Doc, slip: PackingSlip, variant: SlipVariant): number {
  const t = slipText(slip, variant);
  const chunks: string[][][] = [];
  for (let i = 0; i < Math.max(1, t.items.length); i += ITEMS_PER_PAGE) chunks.push(t.items.slice(i, i + ITEMS_PER_PAGE));
  chunks.forEach((items, page) => {
    doc.addPage({ size: [W, H], margin: 0 });
    text(doc, t.title, M, M, 'Helvetica-Bold', 20);
    text(doc, chunks.length > 1 ? `${t.orderLine} (page ${page + 1} of ${chunks.length})` : t.orderLine, M, M + 30, 'Helvetica-Bold', 12);
    const columnX = [M, W / 2 + 10];
    text(doc, 'SHIP TO', columnX[0] as number, M + 62, 'Helvetica-Bold', 9);
    text(doc, 'FROM', columnX[1] as number, M + 62, 'Helvetica-Bold', 9);
    t.shipTo.forEach((line, i) => text(doc, line, columnX[0] as number, M + 76 + i * 14, 'Helvetica', 11, W / 2 - M - 20));
    t.from.forEach((line, i) => text(doc, line, columnX[1] as number, M + 76 + i * 14, 'Helvetica', 11, W / 2 - M - 10));
    let y = M + 160;
    const x = { sku: M, description: M + 150, qty: W - M - 40 };
    doc.rect(M, y - 6, W - 2 * M, 20).fill('#eeeeee');
    doc.fillColor('black');
    text(doc, t.itemHeader[0] as string, x.sku, y, 'Helvetica-Bold', 10);
    text(doc, t.itemHeader[1] as string, x.description, y, 'Helvetica-Bold', 10);
    text(doc, t.itemHeader[2] as string, x.qty, y, 'Helvetica-Bold', 10);
    y += 22;
    for (const [sku, description, qty] of items) {
      text(doc, sku ?? '', x.sku, y, 'Helvetica', 10, 140);
      text(doc, description ?? '', x.description, y, 'Helvetica', 10, x.qty - x.description - 10);
      text(doc, qty ?? '', x.qty, y, 'Helvetica', 10);
      y += 15;
    }
    if (page === chunks.length - 1) {
      doc.lineWidth(0.5).moveTo(M, y + 4).lineTo(W - M, y + 4).stroke();
      t.footer.forEach((line, i) => text(doc, line, M, y + 14 + i * 15, i === 0 ? 'Helvetica-Bold' : 'Helvetica', 10, W - 2 * M));
    }
    text(doc, 'Thank you for your order.', M, H - M, 'Helvetica', 9);
  });
  return chunks.length;
}
