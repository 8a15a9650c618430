import PDFDocument from 'pdfkit';

/**
 * pdfkit parses a standard font's AFM metrics (kerning tables included) for every document that uses it: most of the
 * time of rendering one label. The parsed metrics never change, so each font is parsed once per process and every new
 * document gets its own light copy (its own id and dictionary, the shared metrics).
 *
 * This leans on pdfkit internals (`_fontFamilies`, `_fontCount`, the font's `document`/`id`/`dictionary`, its AFM
 * metrics' `kernPairs`/`getKernPair`), pinned by the pdfkit version in package.json; label-renderer.spec.ts and
 * standard-fonts.spec.ts check the output is the same either way.
 */
export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

interface PdfkitFont {
  document: PDFKit.PDFDocument;
  font?: AfmMetrics;
  id: string;
  dictionary?: unknown;
  embedded?: boolean;
}

interface PdfkitFontState {
  _fontFamilies: Record<string, PdfkitFont>;
  _fontCount: number;
  _font: PdfkitFont | null;
}

/** pdfkit's parsed AFM metrics of a standard font, shared by every copy of the font. */
export interface AfmMetrics {
  kernPairs: Record<string, number>;
  getKernPair(left: string, right: string | undefined): number;
  /** In thousandths of an em. */
  ascender: number;
  /** Each character's WinAnsi code in hex, as pdfkit writes it. */
  encodeText(text: string): string[];
  glyphsForString(text: string): string[];
  /** Each glyph's width plus its kerning with the next, in thousandths of an em. */
  advancesForGlyphs(glyphs: readonly string[]): number[];
  widthOfGlyph(glyph: string): number;
}

const parsed = new Map<StandardFontName, PdfkitFont>();

/**
 * pdfkit looks a kerning pair up as `kernPairs[left + '\0' + right]`, a new string for every pair of letters of every
 * text drawn or measured, in a render worker's busiest loop. The same table as two levels of maps answers the same
 * numbers without building a string.
 */
const withKerningMaps = (metrics: AfmMetrics): void => {
  const byLeft = new Map<string, Map<string, number>>();
  for (const [pair, value] of Object.entries(metrics.kernPairs)) {
    const [left = '', right = ''] = pair.split('\0');
    let rights = byLeft.get(left);
    if (!rights) byLeft.set(left, (rights = new Map()));
    rights.set(right, value);
  }
  metrics.getKernPair = (left, right) => (right === undefined ? 0 : byLeft.get(left)?.get(right) || 0);
};

const templateOf = (name: StandardFontName): PdfkitFont => {
  let template = parsed.get(name);
  if (!template) {
    const scratch = new PDFDocument({ font: name, autoFirstPage: false }) as unknown as PdfkitFontState;
    template = scratch._fontFamilies[name];
    if (!template?.font) throw new Error(`pdfkit did not load ${name}`);
    withKerningMaps(template.font);
    parsed.set(name, template);
  }
  return template;
};

/** Gives `doc` the standard fonts with metrics parsed once per process; `doc.font(name)` then finds them. */
export const useParsedStandardFonts = (doc: PDFKit.PDFDocument, names: readonly StandardFontName[]): void => {
  const state = doc as unknown as PdfkitFontState;
  for (const name of names) {
    const template = templateOf(name);
    const font: PdfkitFont = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as PdfkitFont, template, {
      document: doc,
      id: `F${++state._fontCount}`,
      dictionary: undefined,
      embedded: false,
    });
    state._fontFamilies[name] = font;
  }
};

/** The parsed metrics of a standard font (kerning in maps), for text laid out without a pdfkit document. */
export const standardFontMetrics = (name: StandardFontName): AfmMetrics => templateOf(name).font as AfmMetrics;
