/**
 * What every sandbox label (USPS, UPS, FedEx) writes its text with: fitting, centring and the shipment's facts in the
 * words labels print them, and the grey SAMPLE watermark behind the addresses.
 */
import { countryName } from '@labeldesk/contracts';
import type { LabelAddress, LabelShipment } from '../carrier.port';
import { type LabelDrawing, printableText, type StandardFontName } from '../../printing';

type Doc = LabelDrawing;
type FontName = StandardFontName;

/** Helvetica and Helvetica-Bold: cap height = ascender = 0.718 em, so pdfkit's text `y` is the cap top. */
export const CAP = 0.718;

export function textAt(doc: Doc, text: string, x: number, capTop: number, font: FontName, size: number): void {
  doc.font(font).fontSize(size).text(text, x, capTop, { lineBreak: false });
}

export function centeredText(doc: Doc, text: string, centerX: number, capTop: number, font: FontName, size: number): void {
  doc.font(font).fontSize(size);
  doc.text(text, centerX - doc.widthOfString(text) / 2, capTop, { lineBreak: false });
}

export function widest(doc: Doc, lines: readonly string[], font: FontName, size: number): number {
  doc.font(font).fontSize(size);
  return Math.max(0, ...lines.map((line) => doc.widthOfString(line)));
}

/** The largest size from `preferred` down to `min` (0.5 pt steps) at which every line fits `maxWidth`. */
export function fitFontSize(doc: Doc, lines: readonly string[], font: FontName, preferred: number, min: number, maxWidth: number): number {
  for (let size = preferred; size > min; size -= 0.5) {
    if (widest(doc, lines, font, size) <= maxWidth) return size;
  }
  return min;
}

/** `text` cut with an ellipsis so that it fits `maxWidth` (only when even the smallest size is too wide). */
export function fitText(doc: Doc, text: string, font: FontName, size: number, maxWidth: number): string {
  doc.font(font).fontSize(size);
  if (doc.widthOfString(text) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}...`) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

export function addressLines(address: LabelAddress): string[] {
  const zip = parseZip(address.zip) ?? address.zip;
  const lines = [
    address.name,
    address.company,
    address.street1,
    address.street2,
    `${address.city} ${address.state} ${zip}`.replace(/\s+/g, ' ').trim(),
    // Abroad the country is the last line, in capitals in English, as the UPU asks (decision 098).
    address.country === 'US' ? null : countryName(address.country),
  ];
  return lines
    .map((line) => printableText(line ?? '').toUpperCase())
    .filter((line) => line !== '');
}

export function parseZip(zip: string): string | null {
  const match = /^(\d{5})-?(\d{4})?$/.exec(zip.trim());
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}

export function formatShipDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** `2 LB 4 OZ` (ounces rounded up to a tenth, as scales report). */
export function formatWeight(weightLb: number): string {
  const totalOz = Math.ceil(Math.round(weightLb * 16 * 1000) / 100) / 10;
  const lb = Math.floor(totalOz / 16);
  const oz = Math.round((totalOz - lb * 16) * 10) / 10;
  return `${lb} LB ${oz} OZ`;
}

/** How a label names the USPS packaging it was bought in (issue 45), after the sizes. */
const PACKAGING_WORDS: Readonly<Record<NonNullable<LabelShipment['package']['packaging']>, string>> = {
  cubic: 'CUBIC',
  flat_rate_envelope: 'FLAT RATE ENVELOPE',
  flat_rate_small_box: 'SMALL FLAT RATE BOX',
  flat_rate_medium_box: 'MEDIUM FLAT RATE BOX',
  flat_rate_large_box: 'LARGE FLAT RATE BOX',
};

/** `10 X 8 X 4 IN`, and the packaging when the label was bought in USPS's: `8 X 6 X 3 IN, FLAT RATE ENVELOPE`. */
export function formatDimensions(pkg: LabelShipment['package']): string {
  const n = (value: number) => String(Math.round(value * 10) / 10);
  const sizes = `${n(pkg.lengthIn)} X ${n(pkg.widthIn)} X ${n(pkg.heightIn)} IN`;
  return pkg.packaging ? `${sizes}, ${PACKAGING_WORDS[pkg.packaging]}` : sizes;
}

/** Light grey SAMPLE across the address zone: behind the text, never over a barcode or its quiet zones. */
export function drawWatermark(doc: Doc, centerX: number, centerY: number): void {
  doc.save();
  const center = { x: centerX, y: centerY };
  doc.rotate(-24, { origin: [center.x, center.y] });
  doc.font('Helvetica-Bold').fontSize(70).fillColor('#dcdcdc');
  const text = 'SAMPLE';
  doc.text(text, center.x - doc.widthOfString(text) / 2, center.y - (70 * CAP) / 2, { lineBreak: false });
  doc.restore();
  doc.fillColor('black');
}

/** The black SAMPLE heading in a ruled box, and the box's notes under it (each `dy` below the box's top). */
export function drawSampleBox(doc: Doc, box: { x: number; y: number; w: number; h: number }, notes: ReadonlyArray<{ text: string; dy: number; font: FontName; size: number }>): void {
  doc.rect(box.x, box.y, box.w, 22).fill('black');
  doc.fillColor('white');
  centeredText(doc, 'SAMPLE', box.x + box.w / 2, box.y + 4, 'Helvetica-Bold', 19);
  doc.fillColor('black');
  doc.lineWidth(1.5).rect(box.x, box.y, box.w, box.h).stroke();
  for (const note of notes) centeredText(doc, note.text, box.x + box.w / 2, box.y + note.dy, note.font, note.size);
}
