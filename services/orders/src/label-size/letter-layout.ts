import { LineCapStyle, PDFDocument, StandardFonts } from 'pdf-lib';
import { mergedLabelPdfChunks } from '../bulk';

/** US Letter, 8.5 × 11 in, in PDF points. */
export const LETTER = { width: 612, height: 792 } as const;

/** The line across the middle of the sheet, and the words under it. */
const CUT_LINE_MARGIN = 18;
export const CUT_WORDS = 'Cut or fold along the dashed line. Print at 100 % (Actual size), not Fit to page.';
const CUT_WORDS_SIZE = 8;

/**
 * A single label PDF on US Letter (decision 096): the carrier's 4×6 page in the top half of the sheet, turned a
 * quarter so it fits at 100 % (the layout of a batch's Letter 2-up file, letter-2up.layout.ts, whose writer places
 * it: the page becomes a form XObject, vector, never rasterised, so the barcode prints as sharp as on a thermal
 * printer), with a dashed cut line across the middle and how to print it. A second page (a customs form) takes the
 * bottom half, as a batch's next label would.
 */
export const labelOnLetter = async (labelPdf: Uint8Array): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of mergedLabelPdfChunks([labelPdf], { layout: 'letter_2up' })) chunks.push(chunk);
  const sheets = await PDFDocument.load(Buffer.concat(chunks), { updateMetadata: false });
  sheets.setTitle('Shipping label');
  sheets.setSubject('Shipping label on Letter paper, top half');
  sheets.setCreator('LabelDesk');
  sheets.setProducer('LabelDesk');
  const font = await sheets.embedFont(StandardFonts.Helvetica);
  const middle = LETTER.height / 2;
  for (const sheet of sheets.getPages()) {
    sheet.drawLine({ start: { x: CUT_LINE_MARGIN, y: middle }, end: { x: LETTER.width - CUT_LINE_MARGIN, y: middle }, thickness: 0.5, dashArray: [4, 3], lineCap: LineCapStyle.Butt });
    const width = font.widthOfTextAtSize(CUT_WORDS, CUT_WORDS_SIZE);
    sheet.drawText(CUT_WORDS, { x: (LETTER.width - width) / 2, y: middle - 12, size: CUT_WORDS_SIZE, font });
  }
  return sheets.save({ useObjectStreams: false });
};
