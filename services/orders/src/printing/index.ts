/** The label-printing kit: the PDF canvas, the parsed standard fonts, printable text. */
export { collectPdf } from './collect-pdf';
export {
  CANVAS_PAGE_FONTS,
  type CanvasPdfPage,
  LabelCanvas,
  type LabelDrawing,
  type LabelPdfInfo,
  pdfString,
  readCanvasPdf,
  standardFontDictionary,
} from './label-canvas';
export { printableText } from './printable-text';
export { type StandardFontName, useParsedStandardFonts } from './standard-fonts';
