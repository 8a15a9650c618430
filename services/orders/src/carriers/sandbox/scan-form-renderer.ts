/**
 * Renders the sandbox's SAMPLE USPS PS Form 5630 (Shipment Confirmation Acceptance Notice) on US Letter pages:
 * the sender, the mailing date, the entry facility ZIP, the package count, the form's own Code 128 barcode (what the
 * carrier scans instead of every parcel) and every tracking number, continued on further pages when they do not fit.
 * Marked SAMPLE like the sandbox's labels: it accepts no mail.
 */
import { raw as bwipRaw } from 'bwip-js';
import PDFDocument from 'pdfkit';
import type { LabelAddress } from '../carrier.port';
import { formatImpbHri } from './impb';
import { collectPdf, printableText, useParsedStandardFonts } from '../../printing';

export interface ScanFormRenderInput {
  /** The form's number, encoded in its barcode (digits). */
  barcode: string;
  /** `YYYY-MM-DD`. */
  mailingDate: string;
  from: LabelAddress;
  trackingNumbers: readonly string[];
  /** When the form was made (the PDF's creation date). */
  createdAt: Date;
}

type Doc = PDFKit.PDFDocument;
type FontName = 'Helvetica' | 'Helvetica-Bold';

const W = 612;
const H = 792;
const M = 48;
/** Tracking numbers per column on the first page (below the header) and on continuation pages. */
export const FIRST_PAGE_ROWS = 30;
export const NEXT_PAGE_ROWS = 52;
export const COLUMNS = 3;
const ROW_PT = 12;
/** Code 128 module width: 0.015 in, well above what a hand scanner needs. */
const MODULE_PT = 1.08;
const BAR_HEIGHT_PT = 50;

/** How the tracking numbers fall onto pages: the first page holds fewer (the header takes its top). */
export const pagesOf = (count: number): number => {
  const first = FIRST_PAGE_ROWS * COLUMNS;
  return count <= first ? 1 : 1 + Math.ceil((count - first) / (NEXT_PAGE_ROWS * COLUMNS));
};

export async function renderScanForm(input: ScanFormRenderInput): Promise<Buffer> {
  if (!/^\d{10,30}$/.test(input.barcode)) throw new RangeError(`a SCAN form number is 10–30 digits, got ${input.barcode}`);
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    font: null as unknown as string,
    info: {
      Title: `SAMPLE PS Form 5630 ${input.barcode} - not valid for mailing`,
      Subject: 'Sample USPS SCAN form. NOT VALID FOR MAILING.',
      Producer: 'labeldesk sandbox carrier',
      Creator: 'labeldesk sandbox carrier',
      CreationDate: input.createdAt,
    },
  });
  useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const done = collectPdf(doc);
  const pages = pagesOf(input.trackingNumbers.length);
  let next = 0;
  for (let page = 1; page <= pages; page++) {
    doc.addPage({ size: [W, H], margin: 0 });
    drawWatermark(doc);
    const top = page === 1 ? drawHeader(doc, input) : drawContinuationHeader(doc, input, page, pages);
    const rows = page === 1 ? FIRST_PAGE_ROWS : NEXT_PAGE_ROWS;
    next = drawTrackingNumbers(doc, input.trackingNumbers, next, rows, top);
    drawFooter(doc, page, pages);
  }
  doc.end();
  return done;
}

function text(doc: Doc, value: string, x: number, y: number, font: FontName, size: number): void {
  doc.font(font).fontSize(size).text(value, x, y, { lineBreak: false });
}

function centered(doc: Doc, value: string, y: number, font: FontName, size: number): void {
  doc.font(font).fontSize(size);
  doc.text(value, (W - doc.widthOfString(value)) / 2, y, { lineBreak: false });
}

function drawWatermark(doc: Doc): void {
  doc.save();
  doc.rotate(-30, { origin: [W / 2, H / 2] });
  doc.font('Helvetica-Bold').fontSize(150).fillColor('#e6e6e6');
  doc.text('SAMPLE', W / 2 - doc.widthOfString('SAMPLE') / 2, H / 2 - 54, { lineBreak: false });
  doc.restore();
  doc.fillColor('black');
}

const usDate = (isoDay: string): string => {
  const [year, month, day] = isoDay.split('-');
  return `${month}/${day}/${year}`;
};

const zip5 = (zip: string): string => zip.trim().slice(0, 5);

export const addressLines = (address: LabelAddress): string[] =>
  [address.name, address.company, address.street1, address.street2, `${address.city} ${address.state} ${address.zip}`]
    .map((line) => printableText(line ?? '').toUpperCase())
    .filter((line) => line !== '');

/** Title, the form's facts, the sender, the barcode and the postmark box. Returns the y where the list starts. */
function drawHeader(doc: Doc, input: ScanFormRenderInput): number {
  doc.rect(M, 36, W - 2 * M, 24).fill('black');
  doc.fillColor('white');
  centered(doc, 'SAMPLE \u2014 NOT VALID FOR MAILING \u2014 SANDBOX', 43, 'Helvetica-Bold', 12);
  doc.fillColor('black');
  text(doc, 'UNITED STATES POSTAL SERVICE', M, 72, 'Helvetica-Bold', 10);
  text(doc, 'PS Form 5630', W - M - 80, 72, 'Helvetica-Bold', 10);
  centered(doc, 'SHIPMENT CONFIRMATION ACCEPTANCE NOTICE', 90, 'Helvetica-Bold', 16);
  centered(doc, 'USPS SCAN FORM', 110, 'Helvetica', 10);

  const facts: Array<[string, string]> = [
    ['MAILING DATE', usDate(input.mailingDate)],
    ['TOTAL PACKAGES', String(input.trackingNumbers.length)],
    ['ENTRY FACILITY ZIP', zip5(input.from.zip)],
  ];
  let y = 136;
  for (const [label, value] of facts) {
    text(doc, label, M, y, 'Helvetica', 8);
    text(doc, value, M + 110, y - 1, 'Helvetica-Bold', 11);
    y += 18;
  }
  text(doc, 'MAILER / SENDER', M, y + 4, 'Helvetica', 8);
  y += 16;
  for (const line of addressLines(input.from)) {
    text(doc, line, M, y, 'Helvetica-Bold', 10);
    y += 13;
  }

  // Postmark box: the acceptance clerk signs and stamps here.
  const box = { x: W - M - 170, y: 136, w: 170, h: 110 };
  doc.lineWidth(1).rect(box.x, box.y, box.w, box.h).stroke();
  text(doc, 'POSTMARK HERE', box.x + 8, box.y + 8, 'Helvetica', 7);
  text(doc, 'Acceptance employee signature', box.x + 8, box.y + box.h - 16, 'Helvetica', 7);

  const barTop = Math.max(y + 14, 262);
  drawBarcode(doc, input.barcode, barTop);
  centered(doc, input.barcode.length === 22 ? formatImpbHri(input.barcode) : input.barcode, barTop + BAR_HEIGHT_PT + 8, 'Helvetica-Bold', 11);
  const listTop = barTop + BAR_HEIGHT_PT + 34;
  doc.lineWidth(1).moveTo(M, listTop - 8).lineTo(W - M, listTop - 8).stroke();
  text(doc, `PACKAGES ON THIS FORM (${input.trackingNumbers.length})`, M, listTop, 'Helvetica-Bold', 9);
  return listTop + 16;
}

function drawContinuationHeader(doc: Doc, input: ScanFormRenderInput, page: number, pages: number): number {
  text(doc, `PS Form 5630 ${input.barcode} (SAMPLE) \u2014 continued, page ${page} of ${pages}`, M, 40, 'Helvetica-Bold', 10);
  doc.lineWidth(1).moveTo(M, 58).lineTo(W - M, 58).stroke();
  return 70;
}

/** The form's barcode: Code 128 drawn as vector bars, centred, with quiet zones of ten modules at least. */
function drawBarcode(doc: Doc, data: string, top: number): void {
  const [symbol] = bwipRaw({ bcid: 'code128', text: data });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no linear symbol for the Code 128 data');
  const sbs = symbol.sbs;
  const modules = sbs.reduce((sum, width) => sum + width, 0);
  let x = (W - modules * MODULE_PT) / 2;
  for (let i = 0; i < sbs.length; i++) {
    const width = (sbs[i] ?? 0) * MODULE_PT;
    if (i % 2 === 0) doc.rect(x, top, width, BAR_HEIGHT_PT);
    x += width;
  }
  doc.fill('black');
}

/** Writes up to `rows × COLUMNS` tracking numbers from `start`, column by column; returns the next index. */
function drawTrackingNumbers(doc: Doc, numbers: readonly string[], start: number, rows: number, top: number): number {
  const columnWidth = (W - 2 * M) / COLUMNS;
  let i = start;
  for (let column = 0; column < COLUMNS && i < numbers.length; column++) {
    for (let row = 0; row < rows && i < numbers.length; row++, i++) {
      const x = M + column * columnWidth;
      const y = top + row * ROW_PT;
      text(doc, `${String(i + 1).padStart(3, ' ')}.`, x, y, 'Helvetica', 8);
      text(doc, numbers[i] ?? '', x + 20, y, 'Helvetica', 8);
    }
  }
  return i;
}

function drawFooter(doc: Doc, page: number, pages: number): void {
  text(doc, 'Sandbox SAMPLE of USPS PS Form 5630. Not postage; not an acceptance record.', M, H - 40, 'Helvetica', 7);
  text(doc, `Page ${page} of ${pages}`, W - M - 50, H - 40, 'Helvetica', 7);
}
