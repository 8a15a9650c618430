import PDFDocument from 'pdfkit';

/**
 * pdfkit parses a standard font's AFM metrics (kerning tables included) for every document that uses it: most of the
 * time of rendering one label (docs/benchmarks.md, Figures behind the code's choices). The parsed metrics never change, so each font is parsed once per
 * process and every new document gets its own light copy (its own id and dictionary, the shared metrics).
 *
 * This leans on pdfkit internals (`_fontFamilies`, `_fontCount`, the font's `document`/`id`/`dictionary`), pinned
 * by the pdfkit version in package.json; label-renderer.spec.ts checks the output is the same either way.
 */
type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

interface PdfkitFont {
  document: PDFKit.PDFDocument;
  id: string;
  dictionary?: unknown;
  embedded?: boolean;
}

interface PdfkitFontState {
  _fontFamilies: Record<string, PdfkitFont>;
  _fontCount: number;
  _font: PdfkitFont | null;
}

const parsed = new Map<StandardFontName, PdfkitFont>();

const templateOf = (name: StandardFontName): PdfkitFont => {
  let template = parsed.get(name);
  if (!template) {
    const scratch = new PDFDocument({ font: name, autoFirstPage: false }) as unknown as PdfkitFontState;
    template = scratch._fontFamilies[name];
    if (!template) throw new Error(`pdfkit did not load ${name}`);
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
