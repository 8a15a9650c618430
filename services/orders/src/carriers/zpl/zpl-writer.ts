/**
 * ZPL II commands as small pure functions, one per command, each answering its text: a label is the joined list.
 * Only the commands the labels need; syntax after the ZPL II Programming Guide (Zebra), checked per command in
 * zpl-writer.spec.ts. Coordinates and sizes are printer dots (203 dpi: 8 dots/mm).
 */

/** 203 dpi printers, the common thermal desktop kind: a 4x6 in label is 812 × 1218 dots. */
export const ZPL_DPI = 203;
export const LABEL_4X6_DOTS = { width: 812, length: 1218 } as const;

/** The ^FH indicator: `_` followed by two hex digits stands for that byte in the field data. */
const HEX_INDICATOR = '_';

const dots = (value: number, name: string): number => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number of dots, got ${value}`);
  return Math.round(value);
};

/** ^XA: the start of one label format. */
export const startFormat = (): string => '^XA';

/** ^XZ: the end of the label format; the printer prints it. */
export const endFormat = (): string => '^XZ';

/** ^CI28: field data is UTF-8 (names with accents print as typed, where the font has the glyph). */
export const utf8Encoding = (): string => '^CI28';

/** ^PW: the print width, so a wider printer does not centre the label somewhere else. */
export const printWidth = (width: number): string => `^PW${dots(width, 'print width')}`;

/** ^LL: the label length. */
export const labelLength = (length: number): string => `^LL${dots(length, 'label length')}`;

/** ^FO: where the next field's top-left corner goes. */
export const fieldOrigin = (x: number, y: number): string => `^FO${dots(x, 'x')},${dots(y, 'y')}`;

/** ^A0: the scalable font 0, upright, `height` and `width` in dots (width defaults to the height, as Zebra scales it). */
export const scalableFont = (height: number, width = height): string => `^A0N,${dots(height, 'font height')},${dots(width, 'font width')}`;

/**
 * ^FB: a one-line field block `width` dots wide with its text justified (L, C, R); text that does not fit the one line
 * is cut by the printer, never wrapped over the next field.
 */
export const fieldBlock = (width: number, justify: 'L' | 'C' | 'R'): string => `^FB${dots(width, 'block width')},1,0,${justify}`;

/** ^FR: the field prints reversed (white on black where it overlaps a filled box). */
export const fieldReverse = (): string => '^FR';

/**
 * ^FH^FD…^FS: field data, with `^`, `~` and the hex indicator itself written as `_5E`, `_7E`, `_5F` so a customer's
 * text can never end the field or start a command. Line breaks and other control characters become one space.
 */
export const fieldData = (text: string): string => {
  const escaped = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/[_^~]/g, (char) => `${HEX_INDICATOR}${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `^FH${HEX_INDICATOR}^FD${escaped}^FS`;
};

/** ^FD…^FS with data that is already ZPL-safe (barcode data with invocation codes), never a customer's text. */
export const rawFieldData = (data: string): string => {
  if (/[\^~]/.test(data)) throw new Error(`raw field data may not hold ^ or ~: ${JSON.stringify(data)}`);
  return `^FD${data}^FS`;
};

/**
 * ^GB…^FS: a box `width` × `height` with border `thickness`; a border as thick as the smaller side fills it, and a box
 * whose height (or width) equals the thickness is a line. `color` B is black, W white.
 */
export const graphicBox = (width: number, height: number, thickness: number, color: 'B' | 'W' = 'B'): string => {
  const t = Math.max(1, dots(thickness, 'thickness'));
  // ZPL draws a box at least as large as its border: say so rather than let the printer grow it silently.
  const w = Math.max(t, dots(width, 'box width'));
  const h = Math.max(t, dots(height, 'box height'));
  return `^GB${w},${h},${t},${color},0^FS`;
};

/** ^BY: bar code defaults: the narrow module in dots (1–10), the wide-to-narrow ratio, the bar height in dots. */
export const barcodeDefaults = (moduleWidth: number, height: number, ratio = 3): string => {
  if (!Number.isInteger(moduleWidth) || moduleWidth < 1 || moduleWidth > 10) throw new RangeError(`module width must be 1..10 dots, got ${moduleWidth}`);
  return `^BY${moduleWidth},${ratio.toFixed(1)},${dots(height, 'bar height')}`;
};

/**
 * ^BC: Code 128, upright, `height` dots tall, no interpretation line (the label prints its own HRI), no UCC check
 * digit, mode N: the field data's invocation codes (`>;` start C, `>8` FNC1, `>6` code B) pick subsets and FNC1
 * themselves, which every ZPL II firmware reads alike (mode D exists only on newer firmware).
 */
export const code128 = (height: number): string => `^BCN,${dots(height, 'bar height')},N,N,N,N`;

/**
 * The ^BC field data of a GS1-128 symbol for an all-digit element string such as `(420)10001(92)0559…`: start code C
 * with FNC1 (`>;>8`), digit pairs, FNC1 (`>8`) between two element strings (the routing code 420 has no fixed length),
 * and an odd last digit in subset B (`>6`). The same codewords bwip-js draws for the PDF label.
 */
export const gs1128Data = (elementString: string): string => {
  const parts = [...elementString.matchAll(/\((\d{2,4})\)([^(]*)/g)].map((match) => `${match[1]}${match[2]}`);
  if (parts.length === 0 || parts.join('').length === 0 || elementString.replace(/\(\d{2,4}\)[^(]*/g, '') !== '') {
    throw new Error(`GS1 element string expected, e.g. (420)10001(92)…, got ${JSON.stringify(elementString)}`);
  }
  if (parts.some((part) => !/^\d+$/.test(part))) throw new Error(`only all-digit GS1 element strings are written, got ${JSON.stringify(elementString)}`);
  let data = '>;>8';
  parts.forEach((digits, index) => {
    if (index > 0) data += '>8';
    const pairs = digits.length - (digits.length % 2);
    data += digits.slice(0, pairs);
    // Subset C holds pairs only: an odd last digit goes in subset B, and the next part switches back to C.
    if (pairs < digits.length) data += `>6${digits.slice(pairs)}${index < parts.length - 1 ? '>5' : ''}`;
  });
  return data;
};

/** One label format from its commands, one per line (printers ignore the line breaks; people reading it do not). */
export const zplLabel = (commands: readonly string[]): string => [startFormat(), ...commands, endFormat()].join('\n') + '\n';
