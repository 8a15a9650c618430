/**
 * The sandbox's SAMPLE UPS and FedEx labels as ZPL II (203 dpi, 4x6 in): the zones and text of the PDF layout
 * (courier-label-renderer.ts) in dots, the tracking number as a ^BC Code 128 symbol. ZPL has no grey, so the PDF's
 * watermark is left out; the black SAMPLE box and the bottom band say it.
 */
import { barcodeDefaults, code128, fieldOrigin, graphicBox, labelLength, printWidth, rawFieldData, utf8Encoding, zplLabel } from '../zpl/zpl-writer';
import { COURIER_QUIET_ZONE_PT, COURIER_Y, type CourierLabelInput } from './courier-label-renderer';
import { addressLines, formatDimensions, formatShipDate } from './label-text';
import { centered, d, fitSize, H, M, text, W } from './zpl-label-text';
import { printableText } from '../../printing';

const RULE = d(1.5);
const MODULES_DOTS = [4, 3, 2] as const;

export function renderCourierZplLabel(input: CourierLabelInput): Buffer {
  const commands = [utf8Encoding(), printWidth(W), labelLength(H), ...header(input), ...shipTo(input), ...serviceBand(input), ...tracking(input), ...footer(input)];
  return Buffer.from(zplLabel(commands), 'utf8');
}

function header(input: CourierLabelInput): string[] {
  const box = { x: d(166), y: d(24), w: d(114), h: d(46) };
  return [
    ...addressLines(input.from).slice(0, 5).map((line, i) => text(M, d(8 + i * 9), d(7), line, d(150))),
    text(M, d(58), d(7), `SHIP DATE: ${formatShipDate(input.shipDate)}`),
    text(d(166), d(8), d(11), `${Math.ceil(input.package.weightLb - 1e-9)} LBS`),
    text(d(226), d(8), d(11), '1 OF 1'),
    fieldOrigin(box.x, box.y) + graphicBox(box.w, d(22), d(22)),
    centered(box.x, box.y + d(4), box.w, d(19), 'SAMPLE', true),
    fieldOrigin(box.x, box.y) + graphicBox(box.w, box.h, RULE),
    centered(box.x, box.y + d(30), box.w, d(8), 'NOT VALID FOR SHIPPING'),
    fieldOrigin(0, d(78)) + graphicBox(W, RULE, RULE),
  ];
}

function shipTo(input: CourierLabelInput): string[] {
  const lines = addressLines(input.to);
  const x = d(24);
  const size = fitSize(lines, d(14), d(9), W - x - M);
  const top = d(COURIER_Y.shipToTop);
  return [text(M, top, d(8), 'SHIP TO:'), ...lines.map((line, i) => text(x, top + d(12) + Math.round(i * size * 1.25), size, line))];
}

function serviceBand(input: CourierLabelInput): string[] {
  const top = d(COURIER_Y.bandTop);
  const bottom = d(COURIER_Y.bandBottom);
  const mark = { x: W - d(66), y: top + d(3), size: d(56) };
  const banner = printableText(input.service.bannerText);
  const size = fitSize([banner], d(20), d(12), mark.x - 2 * M);
  const markCommands =
    input.service.mark === ''
      ? [fieldOrigin(mark.x, mark.y) + graphicBox(mark.size, mark.size, mark.size)]
      : [fieldOrigin(mark.x, mark.y) + graphicBox(mark.size, mark.size, RULE), centered(mark.x, mark.y + Math.round((mark.size - d(48)) / 2), mark.size, d(48), input.service.mark)];
  return [
    fieldOrigin(0, top - d(3)) + graphicBox(W, d(3), d(3)),
    fieldOrigin(0, bottom) + graphicBox(W, d(3), d(3)),
    text(M, Math.round((top + bottom - size) / 2), size, banner, mark.x - 2 * M),
    ...markCommands,
  ];
}

/**
 * ^BC field data for a tracking number: subset C (`>;`) for an even run of digits (FedEx's 12), else subset B (`>:`)
 * for UPS's letters and digits; both decode to the number itself.
 */
export const code128FieldData = (trackingNumber: string): string => (/^(\d\d)+$/.test(trackingNumber) ? `>;${trackingNumber}` : `>:${trackingNumber}`);

/** Modules of the ^BC symbol: start, one symbol per character (per digit pair in C), check, and the 13-module stop. */
const symbolModules = (trackingNumber: string): number => (/^(\d\d)+$/.test(trackingNumber) ? trackingNumber.length / 2 : trackingNumber.length) * 11 + 2 * 11 + 13;

function tracking(input: CourierLabelInput): string[] {
  const heading = input.courier === 'ups' ? 'TRACKING #:' : 'TRK#';
  const modules = symbolModules(input.tracking.number);
  const moduleDots = MODULES_DOTS.find((dots) => modules * dots <= W - 2 * d(COURIER_QUIET_ZONE_PT)) ?? 2;
  const bars = d(COURIER_Y.barsTop);
  const height = d(COURIER_Y.barsHeight);
  return [
    centered(0, d(COURIER_Y.trackingText), W, d(11), `${heading} ${input.tracking.hri}`),
    barcodeDefaults(moduleDots, height),
    fieldOrigin(Math.round((W - modules * moduleDots) / 2), bars) + code128(height) + rawFieldData(code128FieldData(input.tracking.number)),
    fieldOrigin(0, bars + height + d(8)) + graphicBox(W, RULE, RULE),
  ];
}

function footer(input: CourierLabelInput): string[] {
  const pkg = input.package;
  const rows: Array<[string, string | null]> = [
    ['REF 1:', pkg.reference1],
    ['REF 2:', pkg.reference2],
    ['DESCRIPTION:', pkg.description],
    ['DIMENSIONS:', formatDimensions(pkg)],
  ];
  const band = H - d(COURIER_Y.bottomBand);
  return [
    ...rows.map(([label, value], i) => text(M, d(COURIER_Y.footerTop + i * 9.5), d(7), `${label} ${printableText(value ?? '-') || '-'}`)),
    fieldOrigin(0, H - band) + graphicBox(W, band, band),
    centered(0, H - band + Math.round((band - d(9)) / 2), W, d(9), 'SAMPLE - NOT VALID FOR SHIPPING', true),
  ];
}
