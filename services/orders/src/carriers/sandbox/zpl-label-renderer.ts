/**
 * The sandbox's SAMPLE 4x6 in label as ZPL II for 203 dpi thermal printers: the same zones, text and IMpb barcode
 * data as the PDF label (label-renderer.ts), its geometry converted from points to dots. ZPL has no grey, so the PDF's
 * light SAMPLE watermark is left out; the SAMPLE — NOT POSTAGE box and bottom band say it in black.
 * The barcode is a ^BC GS1-128 symbol with the codewords bwip-js draws for the PDF (start C + FNC1, FNC1 after 420).
 */
import {
  barcodeDefaults,
  code128,
  fieldOrigin,
  graphicBox,
  gs1128Data,
  labelLength,
  printWidth,
  rawFieldData,
  utf8Encoding,
  zplLabel,
} from '../zpl/zpl-writer';
import { centered, d, fitSize, H, M, text, W } from './zpl-label-text';
import { addressLines, barSpaceWidths, formatDimensions, formatShipDate, formatWeight, type LabelRenderInput, parseZip } from './label-renderer';
import { printableText } from '../../printing';

/** At 3 dots (0.0148 in) the module is USPS's preferred 0.015 in; a ZIP+4 and 26-digit symbol needs 2 to keep its quiet zones. */
const MODULES_DOTS = [3, 2] as const;
const QUIET_ZONE = d(18);
const BAR_HEIGHT = d(54);
const RULE = d(1.5);

export function renderZplLabel(input: LabelRenderInput): Buffer {
  const impb = impbBlock(input.impb);
  const commands = [
    utf8Encoding(),
    printWidth(W),
    labelLength(H),
    ...iconAndPaymentArea(input),
    ...banner(printableText(input.service.bannerText)),
    ...returnAddress(input),
    ...deliveryAddress(input),
    ...impb.commands,
    ...footer(input.package, impb.bottom),
  ];
  // ASCII only (printableText), so latin1 and UTF-8 are the same bytes.
  return Buffer.from(zplLabel(commands), 'utf8');
}

function iconAndPaymentArea(input: LabelRenderInput): string[] {
  const icon = d(72);
  const x = d(80);
  const facts: Array<[string, string]> = [
    ['SHIP DATE', formatShipDate(input.shipDate)],
    ['WEIGHT', formatWeight(input.package.weightLb)],
    ['MAILED FROM', (parseZip(input.from.zip) ?? printableText(input.from.zip)).slice(0, 5)],
  ];
  const box = { x: d(180), y: d(6), w: d(102), h: d(60) };
  return [
    fieldOrigin(icon - RULE, 0) + graphicBox(RULE, icon, RULE),
    // ^FO places the character cell, not the cap top as pdfkit does: a cell a little smaller than the box, centred in it.
    centered(0, Math.round((icon - d(68)) / 2), icon, d(68), input.service.iconLetter),
    ...facts.flatMap(([label, value], i) => [text(x, d(8 + 20 * i), d(6), label, d(96)), text(x, d(15.5 + 20 * i), d(9), value, d(96))]),
    fieldOrigin(box.x, box.y) + graphicBox(box.w, d(22), d(22)),
    centered(box.x, box.y + d(4), box.w, d(19), 'SAMPLE', true),
    fieldOrigin(box.x, box.y) + graphicBox(box.w, box.h, RULE),
    centered(box.x, box.y + d(28), box.w, d(11), 'NOT POSTAGE'),
    centered(box.x, box.y + d(42), box.w, d(9), 'DO NOT MAIL'),
    centered(box.x, box.y + d(52), box.w, d(6), 'FOR TESTING ONLY'),
  ];
}

function banner(bannerText: string): string[] {
  const size = fitSize([bannerText], d(20), d(14), W - 2 * M);
  return [
    fieldOrigin(0, d(72)) + graphicBox(W, RULE, RULE),
    fieldOrigin(0, d(96)) + graphicBox(W, RULE, RULE),
    centered(0, Math.round((d(72) + d(96) - size) / 2) + RULE, W, size, bannerText),
  ];
}

function returnAddress(input: LabelRenderInput): string[] {
  const lines = addressLines(input.from);
  const size = fitSize(lines, d(8), d(7), W - 2 * M);
  return lines.map((line, i) => text(M, d(101) + i * (size + d(2)), size, line));
}

function deliveryAddress(input: LabelRenderInput): string[] {
  const lines = addressLines(input.to);
  const x = d(40);
  const size = fitSize(lines, d(12), d(9), W - x - M);
  const top = d(160);
  return [
    text(M, top, d(8), 'SHIP'),
    text(M, top + d(9), d(8), 'TO:'),
    ...lines.map((line, i) => text(x, top + Math.round(i * size * 1.25), size, line)),
  ];
}

/** The IMpb block: rules above and below, the heading, the GS1-128 symbol centred in its quiet zones, the HRI. */
function impbBlock(impb: LabelRenderInput['impb']): { commands: string[]; bottom: number } {
  const modules = barSpaceWidths(impb.barcodeData).reduce((sum, width) => sum + width, 0);
  const moduleDots = MODULES_DOTS.find((dots) => modules * dots <= W - 2 * QUIET_ZONE) ?? MODULES_DOTS[MODULES_DOTS.length - 1];
  const top = d(270);
  const thickness = d(3);
  const heading = top + thickness + d(4);
  const bars = heading + d(11 * 0.718 + 9);
  const hri = bars + BAR_HEIGHT + d(9);
  const bottom = hri + d(11 * 0.718 + 4);
  const commands = [
    fieldOrigin(0, top) + graphicBox(W, thickness, thickness),
    centered(0, heading, W, d(11), 'USPS TRACKING # SAMPLE'),
    barcodeDefaults(moduleDots, BAR_HEIGHT),
    fieldOrigin(Math.round((W - modules * moduleDots) / 2), bars) + code128(BAR_HEIGHT) + rawFieldData(gs1128Data(impb.barcodeData)),
    centered(0, hri, W, d(11), impb.hri),
    fieldOrigin(0, bottom) + graphicBox(W, thickness, thickness),
  ];
  return { commands, bottom: bottom + thickness };
}

function footer(pkg: LabelRenderInput['package'], impbBottom: number): string[] {
  const size = d(7);
  const top = impbBottom + d(6);
  const row = d(9.5);
  const cell = (label: string, value: string | null, x: number, y: number, width: number) => text(x, y, size, `${label} ${printableText(value ?? '-') || '-'}`, width);
  const ref1Width = d(100);
  const band = d(15);
  return [
    cell('REF 1:', pkg.reference1, M, top, ref1Width),
    cell('REF 2:', pkg.reference2, M + ref1Width, top, W - 2 * M - ref1Width),
    cell('DESCRIPTION:', pkg.description, M, top + row, W - 2 * M),
    cell('DIMENSIONS:', formatDimensions(pkg), M, top + 2 * row, W - 2 * M),
    fieldOrigin(0, H - band) + graphicBox(W, band, band),
    centered(0, H - band + Math.round((band - d(9)) / 2), W, d(9), 'SAMPLE - NOT POSTAGE - DO NOT MAIL', true),
  ];
}
