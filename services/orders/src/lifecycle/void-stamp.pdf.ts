import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * The marks a voided label's file gets: the label stays downloadable (a customer's link keeps working, support can
 * still read it) but nobody can mistake it for one to ship with. Pure functions, bytes in and bytes out.
 */

/** The keyword a stamped PDF carries in its Info dictionary: a second stamp finds it and changes nothing. */
export const VOID_KEYWORD = 'voided';
/** The comment a stamped ZPL label carries, for the same reason. */
export const ZPL_VOID_MARKER = '^FXLABELDESK-VOID^FS';
export const VOID_NOTICE = 'Voided \u2014 do not use for shipping';
/** ZPL's font 0 without ^CI28 is not UTF-8: the notice in plain ASCII. */
const ZPL_VOID_NOTICE = 'VOIDED - DO NOT USE FOR SHIPPING';

/** Printers' defaults when a label does not say its size: 4x6 in at 203 dpi. */
const ZPL_DEFAULT_WIDTH_DOTS = 812;
const ZPL_DEFAULT_LENGTH_DOTS = 1218;

export type LabelFileKind = 'pdf' | 'zpl';

/** What the bytes are, by their content rather than by a column that may be missing or wrong on old rows. */
export const labelFileKind = (bytes: Uint8Array): LabelFileKind => {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (/^\s*(\^XA|~)/.test(head)) return 'zpl';
  throw new Error('the label file is neither a PDF nor ZPL');
};

const keywordsOf = (doc: PDFDocument): string[] => (doc.getKeywords() ?? '').split(/[\s,;]+/).filter((k) => k !== '');

export const isVoidStampedPdf = async (pdf: Uint8Array): Promise<boolean> => {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return keywordsOf(doc).some((k) => k.toLowerCase() === VOID_KEYWORD);
};

/**
 * Every page gets a large, semi-transparent red "VOID" along its diagonal, drawn over the label (so it covers the
 * barcodes), and a panel in its middle with "VOID" and the notice. Answers the same bytes when the PDF is already stamped.
 */
export const stampVoidPdf = async (pdf: Uint8Array): Promise<Uint8Array> => {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const keywords = keywordsOf(doc);
  if (keywords.some((k) => k.toLowerCase() === VOID_KEYWORD)) return pdf;
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const red = rgb(0.8, 0, 0);
  for (const page of doc.getPages()) {
    // The visible area: a crop box may start away from the origin.
    const { x, y, width, height } = page.getCropBox();
    const angle = Math.atan2(height, width);
    const diagonal = Math.hypot(width, height);
    const size = (0.75 * diagonal) / bold.widthOfTextAtSize('VOID', 1);
    const textWidth = bold.widthOfTextAtSize('VOID', size);
    const capHeight = bold.heightAtSize(size, { descender: false });
    // drawText places the baseline's start: move it back so the word's centre is the page's centre.
    const halfW = textWidth / 2;
    const halfH = capHeight / 2;
    page.drawText('VOID', {
      x: x + width / 2 - (halfW * Math.cos(angle) - halfH * Math.sin(angle)),
      y: y + height / 2 - (halfW * Math.sin(angle) + halfH * Math.cos(angle)),
      size,
      font: bold,
      color: red,
      opacity: 0.35,
      rotate: degrees((angle * 180) / Math.PI),
    });
    // A horizontal panel in the middle says it in words: readable over any label, and text that copies and searches
    // as "VOID" (readers leave diagonal text out of what they extract).
    const noticeSize = Math.max(6, Math.min(14, width / 26));
    const wordSize = noticeSize * 2.4;
    const noticeWidth = bold.widthOfTextAtSize(VOID_NOTICE, noticeSize);
    const wordWidth = bold.widthOfTextAtSize('VOID', wordSize);
    const pad = noticeSize * 0.6;
    const panel = { width: Math.max(noticeWidth, wordWidth) + 2 * pad, height: wordSize + noticeSize * 1.6 + 2 * pad };
    const left = x + (width - panel.width) / 2;
    const bottom = y + (height - panel.height) / 2;
    page.drawRectangle({ x: left, y: bottom, width: panel.width, height: panel.height, color: rgb(1, 1, 1), opacity: 0.9, borderColor: red, borderWidth: Math.max(1, noticeSize / 6) });
    page.drawText('VOID', { x: x + (width - wordWidth) / 2, y: bottom + pad + noticeSize * 1.6, size: wordSize, font: bold, color: red });
    page.drawText(VOID_NOTICE, { x: x + (width - noticeWidth) / 2, y: bottom + pad + noticeSize * 0.3, size: noticeSize, font: bold, color: red });
  }
  doc.setKeywords([...keywords, VOID_KEYWORD]);
  return doc.save({ useObjectStreams: false });
};

const dots = (label: string, command: '^PW' | '^LL', fallback: number): number => {
  const match = new RegExp(`\\${command}(\\d+)`).exec(label);
  const value = match ? Number(match[1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** The fields drawn on one label: ZPL has no diagonal text, so a big reversed "VOID" across the middle. */
const zplVoidFields = (label: string): string => {
  const width = dots(label, '^PW', ZPL_DEFAULT_WIDTH_DOTS);
  const length = dots(label, '^LL', ZPL_DEFAULT_LENGTH_DOTS);
  const big = Math.round(width * 0.3);
  const small = Math.max(20, Math.round(width / 30));
  // ^FR prints reversed: the word shows over black bars and white space alike.
  return [
    ZPL_VOID_MARKER,
    `^FO0,${Math.max(0, Math.round((length - big) / 2))}^FB${width},1,0,C^A0N,${big},${big}^FR^FDVOID^FS`,
    `^FO0,${Math.max(0, length - 2 * small)}^FB${width},1,0,C^A0N,${small},${small}^FR^FD${ZPL_VOID_NOTICE}^FS`,
  ].join('\n');
};

export const isVoidStampedZpl = (zpl: string): boolean => zpl.includes(ZPL_VOID_MARKER);

/** Puts the VOID fields before the ^XZ that ends each label; answers the same bytes when already stamped. */
export const stampVoidZpl = (zpl: Uint8Array): Uint8Array => {
  const text = Buffer.from(zpl).toString('latin1');
  if (isVoidStampedZpl(text)) return zpl;
  let out = '';
  let start = 0;
  let stamped = 0;
  for (let end = text.indexOf('^XZ'); end !== -1; end = text.indexOf('^XZ', start)) {
    const label = text.slice(start, end);
    out += `${label}${label.endsWith('\n') ? '' : '\n'}${zplVoidFields(label)}\n^XZ`;
    start = end + 3;
    stamped++;
  }
  if (stamped === 0) throw new Error('the ZPL has no label (no ^XZ) to stamp');
  return Buffer.from(out + text.slice(start), 'latin1');
};

/** Stamps a label file of either kind. */
export const stampVoidLabel = async (bytes: Uint8Array): Promise<Uint8Array> =>
  labelFileKind(bytes) === 'pdf' ? stampVoidPdf(bytes) : stampVoidZpl(bytes);
