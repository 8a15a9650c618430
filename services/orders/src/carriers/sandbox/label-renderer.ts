/**
 * Renders one SAMPLE 4x6 in USPS-format label (288 × 432 pt) as a PDF with pdfkit.
 *
 * Layout after formats.md §2.1/§2.2 (zones of the USPS 4x6 sample label), IMpb geometry after §1.5–§1.7.
 * The payment area carries no indicia: it says SAMPLE — NOT POSTAGE, and so do a diagonal watermark and a
 * band at the bottom (§2.4). The barcode is drawn as vector rectangles from its bar/space widths (no raster
 * image), the text uses the standard Helvetica fonts only. The page is written by `LabelCanvas`, which writes what
 * pdfkit would for the same calls at a fraction of the cost (label-canvas.spec.ts compares the two).
 */
import { raw as bwipRaw } from 'bwip-js';
import type { LabelAddress, LabelShipment } from '../carrier.port';
import { impbBarSpaceWidths } from './gs1-128';
import { LabelCanvas, type LabelDrawing, type LabelPdfInfo, printableText } from '../../printing';
import { addressLines, CAP, centeredText, drawSampleBox, drawWatermark, fitFontSize, fitText, formatDimensions, formatShipDate, formatWeight, parseZip, textAt, widest } from './label-text';

export { addressLines, formatDimensions, formatShipDate, formatWeight, parseZip } from './label-text';

export interface LabelRenderInput {
  service: {
    /** e.g. `USPS PRIORITY MAIL`. */
    bannerText: string;
    /** e.g. `P`. */
    iconLetter: string;
  };
  from: LabelAddress;
  to: LabelAddress;
  package: LabelShipment['package'];
  impb: {
    /** GS1-128 element string, e.g. `(420)10001(92)05599999999900000017`. */
    barcodeData: string;
    /** Tracking number in groups of four. */
    hri: string;
  };
  shipDate: Date;
}

type Doc = LabelDrawing;

export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;

const W = LABEL_WIDTH_PT;
const H = LABEL_HEIGHT_PT;
/** Left/right text margin. */
const M = 8;

/** formats.md §1.6/§1.7: X = 0.015 in (1.08 pt) preferred, never below 0.013 in; bars 0.75 in tall. */
const PREFERRED_MODULE_PT = 1.08;
const MIN_MODULE_PT = 0.013 * 72;
const BAR_HEIGHT_PT = 54;
/** Left/right quiet zone kept free at least: 0.25 in (older USPS PIC guidance; also ≥ 10 X at X ≤ 1.8 pt). */
const MIN_QUIET_ZONE_PT = 18;

/** Service icon square: 1 in. */
const ICON = 72;
/** Vertical geometry (pt from the top). */
const Y = {
  iconBottom: ICON,
  bannerBottom: 96,
  returnTop: 101,
  shipToTop: 160,
  impbTopBar: 270,
  impbBarThickness: 3,
} as const;

export async function renderLabel(input: LabelRenderInput): Promise<Buffer> {
  const canvas = new LabelCanvas(W, H);
  drawLabel(canvas, input);
  return canvas.toPdf(labelInfo(input));
}

/** The document information of a label's PDF. */
export const labelInfo = (input: LabelRenderInput): LabelPdfInfo => ({
  Title: `SAMPLE label ${input.impb.hri} - not postage`,
  Subject: 'Sample shipping label. NOT POSTAGE. Do not mail.',
  Producer: 'labeldesk sandbox carrier',
  Creator: 'labeldesk sandbox carrier',
  CreationDate: input.shipDate,
});

/** Draws every zone of the label on a page of W × H points. */
export function drawLabel(doc: Doc, input: LabelRenderInput): void {
  doc.font('Helvetica');
  drawWatermark(doc, W / 2, 195);
  drawIconAndPaymentArea(doc, input);
  drawBanner(doc, printableText(input.service.bannerText));
  drawReturnAddress(doc, input.from);
  drawDeliveryAddress(doc, input.to);
  const impbBottom = drawImpbBlock(doc, input.impb);
  drawFooter(doc, input.package, impbBottom);
}

// ---------------------------------------------------------------------------------------------- zones

function drawIconAndPaymentArea(doc: Doc, input: LabelRenderInput): void {
  // Service icon: 1-inch square, letter ≥ 0.75 in tall (76 pt Helvetica-Bold → 54.6 pt cap height).
  doc.lineWidth(1.5).moveTo(ICON, 0).lineTo(ICON, ICON).stroke();
  doc.font('Helvetica-Bold').fontSize(76);
  const letter = input.service.iconLetter;
  doc.text(letter, (ICON - doc.widthOfString(letter)) / 2, (ICON - 76 * CAP) / 2, { lineBreak: false });

  // Shipment facts between the icon and the payment area.
  const x = 80;
  const facts: Array<[string, string]> = [
    ['SHIP DATE', formatShipDate(input.shipDate)],
    ['WEIGHT', formatWeight(input.package.weightLb)],
    ['MAILED FROM', (parseZip(input.from.zip) ?? printableText(input.from.zip)).slice(0, 5)],
  ];
  let y = 8;
  for (const [label, value] of facts) {
    textAt(doc, label, x, y, 'Helvetica', 6);
    textAt(doc, fitText(doc, value, 'Helvetica-Bold', 9, 96), x, y + 7.5, 'Helvetica-Bold', 9);
    y += 20;
  }

  // Payment area WITHOUT indicia (formats.md §2.4): a plain SAMPLE / NOT POSTAGE box.
  drawSampleBox(doc, { x: 180, y: 6, w: 102, h: 60 }, [
    { text: 'NOT POSTAGE', dy: 28, font: 'Helvetica-Bold', size: 11 },
    { text: 'DO NOT MAIL', dy: 42, font: 'Helvetica-Bold', size: 9 },
    { text: 'FOR TESTING ONLY', dy: 52, font: 'Helvetica', size: 6 },
  ]);
}

function drawBanner(doc: Doc, bannerText: string): void {
  // DMM: ≥ 20 pt bold uppercase, centred, ≥ 1 pt rules above and below, 1/16 in clearance.
  doc.lineWidth(1.5);
  doc.moveTo(0, Y.iconBottom).lineTo(W, Y.iconBottom).stroke();
  doc.moveTo(0, Y.bannerBottom).lineTo(W, Y.bannerBottom).stroke();
  const size = fitFontSize(doc, [bannerText], 'Helvetica-Bold', 20, 14, W - 2 * M);
  centeredText(doc, bannerText, W / 2, (Y.iconBottom + Y.bannerBottom - size * CAP) / 2, 'Helvetica-Bold', size);
}

function drawReturnAddress(doc: Doc, from: LabelAddress): void {
  const lines = addressLines(from);
  const size = fitFontSize(doc, lines, 'Helvetica', 8, 7, W - 2 * M);
  let y = Y.returnTop;
  for (const line of lines) {
    textAt(doc, fitText(doc, line, 'Helvetica', size, W - 2 * M), M, y, 'Helvetica', size);
    y += size + 2;
  }
}

function drawDeliveryAddress(doc: Doc, to: LabelAddress): void {
  const lines = addressLines(to);
  textAt(doc, 'SHIP', M, Y.shipToTop, 'Helvetica-Bold', 8);
  textAt(doc, 'TO:', M, Y.shipToTop + 9, 'Helvetica-Bold', 8);
  // Large and prominent; DMM 202.1: at least 8 pt. Shrinks to fit, then uses the SHIP TO column if needed.
  let x = 40;
  let size = fitFontSize(doc, lines, 'Helvetica-Bold', 12, 9, W - x - M);
  if (widest(doc, lines, 'Helvetica-Bold', size) > W - x - M) {
    x = 36;
    size = fitFontSize(doc, lines, 'Helvetica-Bold', 9, 8, W - x - M);
  }
  const lineHeight = size * 1.25;
  let y = Y.shipToTop;
  for (const line of lines) {
    textAt(doc, fitText(doc, line, 'Helvetica-Bold', size, W - x - M), x, y, 'Helvetica-Bold', size);
    y += lineHeight;
  }
}

/** IMpb block (formats.md §1.5–§1.7, §2.2). Returns the y below its bottom bar. */
function drawImpbBlock(doc: Doc, impb: LabelRenderInput['impb']): number {
  const barThickness = Y.impbBarThickness; // 0.042 in, within 1/32–1/16 in
  let y = Y.impbTopBar;
  doc.rect(0, y, W, barThickness).fill('black');
  y += barThickness + 4;

  centeredText(doc, 'USPS TRACKING # SAMPLE', W / 2, y, 'Helvetica-Bold', 11);
  y += 11 * CAP + 9; // 0.125 in text-to-barcode clearance

  const sbs = barSpaceWidths(impb.barcodeData);
  const modules = sbs.reduce((sum, width) => sum + width, 0);
  const module = Math.max(MIN_MODULE_PT, Math.min(PREFERRED_MODULE_PT, (W - 2 * MIN_QUIET_ZONE_PT) / modules));
  let x = (W - modules * module) / 2;
  for (let i = 0; i < sbs.length; i++) {
    const width = sbs[i] * module;
    if (i % 2 === 0) doc.rect(x, y, width, BAR_HEIGHT_PT);
    x += width;
  }
  doc.fill('black');
  y += BAR_HEIGHT_PT + 9;

  centeredText(doc, impb.hri, W / 2, y, 'Helvetica-Bold', 11);
  y += 11 * CAP + 4;
  doc.rect(0, y, W, barThickness).fill('black');
  return y + barThickness;
}

function drawFooter(doc: Doc, pkg: LabelShipment['package'], top: number): void {
  const bandHeight = 15;
  const bandTop = H - bandHeight;

  // Reference block: the two references, description, dimensions.
  const size = 7;
  const rowGap = 9.5;
  let y = top + 6;
  const cell = (label: string, value: string | null, x: number, width: number) => {
    doc.font('Helvetica-Bold').fontSize(size);
    const labelText = `${label} `;
    const labelWidth = doc.widthOfString(labelText);
    textAt(doc, labelText, x, y, 'Helvetica-Bold', size);
    textAt(doc, fitText(doc, printableText(value ?? '-') || '-', 'Helvetica', size, width - labelWidth - 4), x + labelWidth, y, 'Helvetica', size);
  };
  // Reference 1 is short (a quantity, or an order number by default); reference 2 (a SKU, or the SKUs the parcel
  // ships with their quantities) gets most of the first row.
  const ref1Width = 100;
  cell('REF 1:', pkg.reference1, M, ref1Width);
  cell('REF 2:', pkg.reference2, M + ref1Width, W - 2 * M - ref1Width);
  y += rowGap;
  cell('DESCRIPTION:', pkg.description, M, W - 2 * M);
  y += rowGap;
  cell('DIMENSIONS:', formatDimensions(pkg), M, W - 2 * M);

  // Bottom band.
  doc.rect(0, bandTop, W, bandHeight).fill('black');
  doc.fillColor('white');
  centeredText(doc, 'SAMPLE \u2014 NOT POSTAGE \u2014 DO NOT MAIL', W / 2, bandTop + (bandHeight - 9 * CAP) / 2, 'Helvetica-Bold', 9);
  doc.fillColor('black');
}

// ---------------------------------------------------------------------------------------------- barcode

/**
 * Alternating bar/space widths in modules (bar first) of the GS1-128 symbol for an element string such as
 * `(420)10001(92)05599999999900000017`: FNC1 first and after the variable-length AI 420. An IMpb's are worked out
 * directly (gs1-128.ts), any other element string by bwip-js. No quiet zones included.
 */
export function barSpaceWidths(elementString: string): number[] {
  const impb = impbBarSpaceWidths(elementString);
  if (impb) return impb;
  const [symbol] = bwipRaw({ bcid: 'gs1-128', text: elementString });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no linear symbol for the GS1-128 data');
  return symbol.sbs;
}
