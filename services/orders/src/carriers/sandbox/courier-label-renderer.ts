/**
 * The sandbox's SAMPLE 4x6 in UPS and FedEx labels (288 × 432 pt), with what those couriers' thermal labels carry: the
 * ship-from block and the shipment's weight and date at the top, a large SHIP TO, the service band with its mark (UPS:
 * the air service's day or a solid square for Ground), the tracking number and its Code 128 barcode. No MaxiCode,
 * routing code or billing block: the sample says what it is, in a black box at the top and a band at the bottom.
 */
import { raw as bwipRaw } from 'bwip-js';
import { COURIER_NAMES } from '@labeldesk/contracts';
import type { LabelAddress, LabelShipment } from '../carrier.port';
import { LabelCanvas, type LabelDrawing, type LabelPdfInfo, printableText } from '../../printing';
import { addressLines, CAP, centeredText, drawSampleBox, drawWatermark, fitFontSize, fitText, formatDimensions, formatShipDate, textAt } from './label-text';

export interface CourierLabelInput {
  courier: 'ups' | 'fedex';
  service: {
    /** e.g. `UPS 2ND DAY AIR`. */
    bannerText: string;
    /** The service mark in the top-right square; '' draws UPS Ground's solid square. */
    mark: string;
  };
  from: LabelAddress;
  to: LabelAddress;
  package: LabelShipment['package'];
  tracking: {
    /** As the barcode encodes it, e.g. `1ZSX000003…`. */
    number: string;
    /** As printed, in the courier's groups. */
    hri: string;
  };
  shipDate: Date;
}

export const SAMPLE_NOT_VALID = 'SAMPLE \u2014 NOT VALID FOR SHIPPING';

const W = 288;
const H = 432;
const M = 8;
/** Vertical geometry (pt from the top). */
export const COURIER_Y = { shipToTop: 84, bandTop: 168, bandBottom: 230, trackingText: 238, barsTop: 254, barsHeight: 72, footerTop: 340, bottomBand: 417 } as const;
/** A 1-inch-ish square for the service mark, right of the band. */
const MARK = { x: W - 66, y: COURIER_Y.bandTop + 3, size: 56 } as const;
/** Quiet zone either side of the barcode: 10 modules at the widest module drawn. */
export const COURIER_QUIET_ZONE_PT = 18;
const MAX_MODULE_PT = 1.44;

type Doc = LabelDrawing;

export async function renderCourierLabel(input: CourierLabelInput): Promise<Buffer> {
  const canvas = new LabelCanvas(W, H);
  drawCourierLabel(canvas, input);
  return canvas.toPdf(courierLabelInfo(input));
}

export const courierLabelInfo = (input: CourierLabelInput): LabelPdfInfo => ({
  Title: `SAMPLE ${COURIER_NAMES[input.courier]} label ${input.tracking.hri} - not valid for shipping`,
  Subject: 'Sample shipping label. NOT VALID FOR SHIPPING.',
  Producer: 'labeldesk sandbox carrier',
  Creator: 'labeldesk sandbox carrier',
  CreationDate: input.shipDate,
});

export function drawCourierLabel(doc: Doc, input: CourierLabelInput): void {
  doc.font('Helvetica');
  drawWatermark(doc, W / 2, 124);
  drawHeader(doc, input);
  drawShipTo(doc, input.to);
  drawServiceBand(doc, input);
  drawTracking(doc, input);
  drawFooter(doc, input.package);
}

function drawHeader(doc: Doc, input: CourierLabelInput): void {
  const lines = addressLines(input.from).slice(0, 5);
  lines.forEach((line, i) => textAt(doc, fitText(doc, line, 'Helvetica', 7, 150), M, 8 + i * 9, 'Helvetica', 7));
  textAt(doc, `SHIP DATE: ${formatShipDate(input.shipDate)}`, M, 58, 'Helvetica', 7);
  // The couriers print whole pounds up (billable weight) and the piece count.
  textAt(doc, `${Math.ceil(input.package.weightLb - 1e-9)} LBS`, 166, 8, 'Helvetica-Bold', 11);
  textAt(doc, '1 OF 1', 226, 8, 'Helvetica-Bold', 11);
  drawSampleBox(doc, { x: 166, y: 24, w: 114, h: 46 }, [{ text: 'NOT VALID FOR SHIPPING', dy: 30, font: 'Helvetica-Bold', size: 8 }]);
  doc.lineWidth(1.5).moveTo(0, 78).lineTo(W, 78).stroke();
}

function drawShipTo(doc: Doc, to: LabelAddress): void {
  textAt(doc, 'SHIP TO:', M, COURIER_Y.shipToTop, 'Helvetica-Bold', 8);
  const lines = addressLines(to);
  const x = 24;
  const size = fitFontSize(doc, lines, 'Helvetica-Bold', 14, 9, W - x - M);
  lines.forEach((line, i) => textAt(doc, fitText(doc, line, 'Helvetica-Bold', size, W - x - M), x, COURIER_Y.shipToTop + 12 + i * size * 1.25, 'Helvetica-Bold', size));
}

function drawServiceBand(doc: Doc, input: CourierLabelInput): void {
  const { bandTop, bandBottom } = COURIER_Y;
  doc.rect(0, bandTop - 3, W, 3).fill('black');
  doc.rect(0, bandBottom, W, 3).fill('black');
  const textWidth = MARK.x - 2 * M;
  const size = fitFontSize(doc, [input.service.bannerText], 'Helvetica-Bold', 20, 12, textWidth);
  textAt(doc, fitText(doc, input.service.bannerText, 'Helvetica-Bold', size, textWidth), M, (bandTop + bandBottom - size * CAP) / 2, 'Helvetica-Bold', size);
  if (input.service.mark === '') {
    doc.rect(MARK.x, MARK.y, MARK.size, MARK.size).fill('black');
    return;
  }
  doc.lineWidth(1.5).rect(MARK.x, MARK.y, MARK.size, MARK.size).stroke();
  const markSize = fitFontSize(doc, [input.service.mark], 'Helvetica-Bold', 52, 20, MARK.size - 6);
  centeredText(doc, input.service.mark, MARK.x + MARK.size / 2, MARK.y + (MARK.size - markSize * CAP) / 2, 'Helvetica-Bold', markSize);
}

/** Bar and space widths in modules (bar first, no quiet zones) of the Code 128 symbol of a tracking number. */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipRaw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no linear symbol for the Code 128 data');
  return symbol.sbs;
}

function drawTracking(doc: Doc, input: CourierLabelInput): void {
  const heading = input.courier === 'ups' ? 'TRACKING #:' : 'TRK#';
  centeredText(doc, `${heading} ${input.tracking.hri}`, W / 2, COURIER_Y.trackingText, 'Helvetica-Bold', 11);
  const sbs = code128Widths(input.tracking.number);
  const modules = sbs.reduce((sum, width) => sum + width, 0);
  const module = Math.min(MAX_MODULE_PT, (W - 2 * COURIER_QUIET_ZONE_PT) / modules);
  let x = (W - modules * module) / 2;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(x, COURIER_Y.barsTop, width * module, COURIER_Y.barsHeight);
    x += width * module;
  });
  doc.fill('black');
  doc.lineWidth(1.5).moveTo(0, COURIER_Y.barsTop + COURIER_Y.barsHeight + 8).lineTo(W, COURIER_Y.barsTop + COURIER_Y.barsHeight + 8).stroke();
}

function drawFooter(doc: Doc, pkg: LabelShipment['package']): void {
  const rows: Array<[string, string | null]> = [
    ['REF 1:', pkg.reference1],
    ['REF 2:', pkg.reference2],
    ['DESCRIPTION:', pkg.description],
    ['DIMENSIONS:', formatDimensions(pkg)],
  ];
  rows.forEach(([label, value], i) => {
    const y = COURIER_Y.footerTop + i * 9.5;
    textAt(doc, label, M, y, 'Helvetica-Bold', 7);
    textAt(doc, fitText(doc, printableText(value ?? '-') || '-', 'Helvetica', 7, W - 70 - M), 70, y, 'Helvetica', 7);
  });
  doc.rect(0, COURIER_Y.bottomBand, W, H - COURIER_Y.bottomBand).fill('black');
  doc.fillColor('white');
  centeredText(doc, SAMPLE_NOT_VALID, W / 2, COURIER_Y.bottomBand + (H - COURIER_Y.bottomBand - 9 * CAP) / 2, 'Helvetica-Bold', 9);
  doc.fillColor('black');
}
