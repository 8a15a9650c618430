/**
 * What every sandbox ZPL label (USPS, UPS, FedEx) writes its text with, on a 4x6 in label at 203 dpi: points (the PDF
 * labels' unit) to dots, and one-line fields cut or shrunk to fit by an estimate of the glyphs' width.
 */
import { fieldBlock, fieldData, fieldOrigin, fieldReverse, LABEL_4X6_DOTS, scalableFont, ZPL_DPI } from '../zpl/zpl-writer';

export const W = LABEL_4X6_DOTS.width;
export const H = LABEL_4X6_DOTS.length;
/** Points (the PDF label's unit) to dots. */
export const d = (pt: number): number => Math.round((pt * ZPL_DPI) / 72);
export const M = d(8);
/** Font 0 at width = height: an uppercase glyph or digit is at most about 0.6 of the height wide on average. */
const GLYPH_WIDTH = 0.6;

export function text(x: number, y: number, size: number, value: string, maxWidth = W - x - M): string {
  return fieldOrigin(x, y) + scalableFont(size) + fieldData(fit(value, size, maxWidth));
}

export function centered(x: number, y: number, width: number, size: number, value: string, reversed = false): string {
  return fieldOrigin(x, y) + scalableFont(size) + fieldBlock(width, 'C') + (reversed ? fieldReverse() : '') + fieldData(fit(value, size, width));
}

/** `value` cut with an ellipsis when its estimated width passes `maxWidth` dots. */
export function fit(value: string, size: number, maxWidth: number): string {
  const maxChars = Math.max(1, Math.floor(maxWidth / (size * GLYPH_WIDTH)));
  return value.length <= maxChars ? value : `${value.slice(0, Math.max(1, maxChars - 3)).trimEnd()}...`;
}

/** The largest size from `preferred` down to `min` at which every line's estimate fits `maxWidth`. */
export function fitSize(lines: readonly string[], preferred: number, min: number, maxWidth: number): number {
  const longest = Math.max(0, ...lines.map((line) => line.length));
  for (let size = preferred; size > min; size--) if (longest * size * GLYPH_WIDTH <= maxWidth) return size;
  return min;
}
