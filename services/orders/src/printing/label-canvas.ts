import { deflateSync } from 'node:zlib';
import { standardFontMetrics, type AfmMetrics, type StandardFontName } from './standard-fonts';

/**
 * The drawing calls a label makes, as pdfkit names them: the sandbox label draws on a `LabelCanvas` (one page, the
 * standard Helvetica fonts, rectangles and lines), and label-canvas.spec.ts draws the same calls on pdfkit to check
 * that both write the same page content.
 */
export interface LabelDrawing {
  font(name: StandardFontName): this;
  fontSize(size: number): this;
  fillColor(color: string): this;
  text(text: string, x: number, capTop: number, options: { lineBreak: false }): this;
  widthOfString(text: string): number;
  save(): this;
  restore(): this;
  rotate(angle: number, options: { origin: [number, number] }): this;
  lineWidth(width: number): this;
  moveTo(x: number, y: number): this;
  lineTo(x: number, y: number): this;
  rect(x: number, y: number, width: number, height: number): this;
  fill(color?: string): this;
  stroke(): this;
}

/** The document information dictionary's entries. */
export interface LabelPdfInfo {
  Title: string;
  Subject: string;
  Producer: string;
  Creator: string;
  CreationDate: Date;
}

/** The standard fonts every canvas page names, by resource name. */
export const CANVAS_PAGE_FONTS: Readonly<Record<string, StandardFontName>> = { F1: 'Helvetica', F2: 'Helvetica-Bold' };
const FONT_IDS = Object.fromEntries(Object.entries(CANVAS_PAGE_FONTS).map(([id, name]) => [name, id])) as Readonly<Record<StandardFontName, string>>;

/** A standard font's dictionary (no font file: every reader has the standard 14). */
export const standardFontDictionary = (name: StandardFontName): string => `<<\n/Type /Font\n/BaseFont /${name}\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>`;
const NAMED_COLORS: Readonly<Record<string, readonly [number, number, number]>> = { black: [0, 0, 0], white: [255, 255, 255] };

/** A text as one font lays it out: its TJ operands and its advance in thousandths of an em, each once asked for. */
interface LaidOutText {
  showText?: string;
  advance?: number;
}

/**
 * Labels repeat most of what they print (the zone titles, the sender, the service, sizes tried while fitting a line),
 * and laying a text out through the AFM metrics (glyphs, kerning, widths) is a large share of a label's rendering.
 * Each font's answer for a text is kept per process; the cache starts over when full.
 */
const laidOutTexts = new Map<string, LaidOutText>();
const LAID_OUT_TEXTS_LIMIT = 20_000;

/** A number as pdfkit writes it: rounded to six decimals, JavaScript's shortest form. */
const num = (n: number): number => {
  if (!(n > -1e21 && n < 1e21)) throw new Error(`unsupported number: ${n}`);
  return Math.round(n * 1e6) / 1e6;
};

const rgb = (color: string): readonly [number, number, number] => {
  const named = NAMED_COLORS[color];
  if (named) return named;
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match) throw new Error(`unsupported colour: ${color}`);
  const hex = parseInt(match[1] as string, 16);
  return [hex >> 16, (hex >> 8) & 0xff, hex & 0xff];
};

/**
 * One PDF page drawn as a content stream of text, without pdfkit's document machinery: through pdfkit most of a
 * sandbox label's CPU goes to objects, streams and a second pass over every number, not to the drawing itself
 * (decision 057). The operators are the ones pdfkit writes for the same calls (same numbers, same
 * kerning from the same AFM metrics), so the page looks the same to the last pixel.
 */
export class LabelCanvas implements LabelDrawing {
  private readonly ops: string[] = [];
  private current: StandardFontName = 'Helvetica';
  private metrics: AfmMetrics = standardFontMetrics('Helvetica');
  private size = 12;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    // pdfkit's page starts with the y axis flipped: y grows downwards, as the label's geometry is written.
    this.ops.push(`1 0 0 -1 0 ${num(height)} cm`);
  }

  font(name: StandardFontName): this {
    this.current = name;
    this.metrics = standardFontMetrics(name);
    return this;
  }

  fontSize(size: number): this {
    this.size = size;
    return this;
  }

  fillColor(color: string): this {
    this.ops.push('/DeviceRGB cs', `${rgb(color).map((part) => part / 255).join(' ')} scn`);
    return this;
  }

  /** What this font makes of `text`, from the process's cache when a label drew it before. */
  private laidOut(text: string): LaidOutText {
    const key = `${this.current}\0${text}`;
    let entry = laidOutTexts.get(key);
    if (!entry) {
      if (laidOutTexts.size >= LAID_OUT_TEXTS_LIMIT) laidOutTexts.clear();
      entry = {};
      laidOutTexts.set(key, entry);
    }
    return entry;
  }

  text(text: string, x: number, capTop: number, _options: { lineBreak: false }): this {
    const line = text.replace(/\n/g, '');
    if (line.length === 0) return this;
    const baseline = this.height - capTop - (this.metrics.ascender / 1000) * this.size;
    this.ops.push('q', `1 0 0 -1 0 ${num(this.height)} cm`, 'BT', `1 0 0 1 ${num(x)} ${num(baseline)} Tm`, `/${FONT_IDS[this.current]} ${num(this.size)} Tf`);
    const laidOut = this.laidOut(line);
    laidOut.showText ??= this.showText(line);
    this.ops.push(`[${laidOut.showText}] TJ`, 'ET', 'Q');
    return this;
  }

  /** `text` as TJ operands: runs of glyphs, each followed by the kerning before the next run. */
  private showText(text: string): string {
    const encoded = this.metrics.encodeText(text);
    const glyphs = this.metrics.glyphsForString(text);
    const advances = this.metrics.advancesForGlyphs(glyphs);
    const parts: string[] = [];
    let start = 0;
    for (let i = 0; i < glyphs.length; i++) {
      const kern = (advances[i] as number) - this.metrics.widthOfGlyph(glyphs[i] as string);
      if (kern === 0 && i < glyphs.length - 1) continue;
      parts.push(`<${encoded.slice(start, i + 1).join('')}> ${num(-kern)}`);
      start = i + 1;
    }
    return parts.join(' ');
  }

  widthOfString(text: string): number {
    const laidOut = this.laidOut(text);
    if (laidOut.advance === undefined) {
      let advance = 0;
      for (const glyphAdvance of this.metrics.advancesForGlyphs(this.metrics.glyphsForString(text))) advance += glyphAdvance;
      laidOut.advance = advance;
    }
    const width = laidOut.advance;
    // pdfkit's exact arithmetic (character spacing 0, horizontal scaling 100), so that fitting decides the same way.
    return ((width * (this.size / 1000) + 0 * (text.length - 1)) * 100) / 100;
  }

  save(): this {
    this.ops.push('q');
    return this;
  }

  restore(): this {
    this.ops.push('Q');
    return this;
  }

  rotate(angle: number, options: { origin: [number, number] }): this {
    const rad = (angle * Math.PI) / 180;
    const cos = Math.cos(rad);
    const sin = Math.sin(rad);
    const [x, y] = options.origin;
    return this.transform(cos, sin, -sin, cos, x - (x * cos - y * sin), y - (x * sin + y * cos));
  }

  private transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    if (a === 1 && b === 0 && c === 0 && d === 1 && e === 0 && f === 0) return this;
    this.ops.push(`${[a, b, c, d, e, f].map(num).join(' ')} cm`);
    return this;
  }

  lineWidth(width: number): this {
    this.ops.push(`${num(width)} w`);
    return this;
  }

  moveTo(x: number, y: number): this {
    this.ops.push(`${num(x)} ${num(y)} m`);
    return this;
  }

  lineTo(x: number, y: number): this {
    this.ops.push(`${num(x)} ${num(y)} l`);
    return this;
  }

  rect(x: number, y: number, width: number, height: number): this {
    this.ops.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re`);
    return this;
  }

  fill(color?: string): this {
    if (color) this.fillColor(color);
    this.ops.push('f');
    return this;
  }

  stroke(): this {
    this.ops.push('S');
    return this;
  }

  /** The page's content stream, uncompressed. */
  content(): string {
    return `${this.ops.join('\n')}\n`;
  }

  /** The one-page PDF: catalog, pages, the page, its content, the two fonts, the information dictionary. */
  toPdf(info: LabelPdfInfo): Buffer {
    const content = deflateSync(Buffer.from(this.content(), 'latin1'));
    const objects: Array<string | Buffer[]> = [
      '<<\n/Type /Catalog\n/Pages 2 0 R\n>>',
      '<<\n/Type /Pages\n/Count 1\n/Kids [3 0 R]\n>>',
      `<<\n/Type /Page\n/Parent 2 0 R\n/MediaBox [0 0 ${num(this.width)} ${num(this.height)}]\n/Contents 4 0 R\n/Resources <<\n/ProcSet [/PDF /Text]\n/Font <<\n/F1 5 0 R\n/F2 6 0 R\n>>\n>>\n>>`,
      [Buffer.from(`<<\n/Length ${content.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')],
      standardFontDictionary('Helvetica'),
      standardFontDictionary('Helvetica-Bold'),
      `<<\n/Producer ${pdfString(info.Producer)}\n/Creator ${pdfString(info.Creator)}\n/CreationDate ${pdfString(pdfDate(info.CreationDate))}\n/Title ${pdfString(info.Title)}\n/Subject ${pdfString(info.Subject)}\n>>`,
    ];
    const chunks: Buffer[] = [Buffer.from('%PDF-1.3\n%\xff\xff\xff\xff\n', 'latin1')];
    let position = chunks[0]?.length ?? 0;
    const offsets: number[] = [];
    for (const [i, object] of objects.entries()) {
      offsets.push(position);
      const body = typeof object === 'string' ? [Buffer.from(object, 'latin1')] : object;
      for (const part of [Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), ...body, Buffer.from('\nendobj\n', 'latin1')]) {
        chunks.push(part);
        position += part.length;
      }
    }
    const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `)];
    const trailer = `trailer\n<<\n/Size ${objects.length + 1}\n/Root 1 0 R\n/Info ${objects.length} 0 R\n>>\nstartxref\n${position}\n%%EOF\n`;
    chunks.push(Buffer.from(`${xref.join('\n')}\n${trailer}`, 'latin1'));
    return Buffer.concat(chunks);
  }
}

/** A page of a PDF `LabelCanvas.toPdf` wrote, as a merge needs it. */
export interface CanvasPdfPage {
  width: number;
  height: number;
  /** The page's content stream, still deflated (`/Filter /FlateDecode`). */
  deflatedContent: Buffer;
}

const CANVAS_PDF_HEAD =
  /^%PDF-1\.3\n%\xff\xff\xff\xff\n1 0 obj\n<<\n\/Type \/Catalog\n\/Pages 2 0 R\n>>\nendobj\n2 0 obj\n<<\n\/Type \/Pages\n\/Count 1\n\/Kids \[3 0 R\]\n>>\nendobj\n3 0 obj\n<<\n\/Type \/Page\n\/Parent 2 0 R\n\/MediaBox \[0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)\]\n\/Contents 4 0 R\n\/Resources <<\n\/ProcSet \[\/PDF \/Text\]\n\/Font <<\n\/F1 5 0 R\n\/F2 6 0 R\n>>\n>>\n>>\nendobj\n4 0 obj\n<<\n\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/;
const fontObject = (n: number, name: StandardFontName) => `${n} 0 obj\n${standardFontDictionary(name)}\nendobj\n`;
const CANVAS_PDF_AFTER_CONTENT = `\nendstream\nendobj\n${fontObject(5, 'Helvetica')}${fontObject(6, 'Helvetica-Bold')}`;

/**
 * The page of a PDF exactly as `toPdf` writes it (the same objects, in the same order, byte for byte up to the
 * information dictionary), or null for any other PDF: a merge then copies the content stream as it is, without
 * parsing the document (pdf-lib's parse was a third of a 10,000-label merge's time). Anything else, whatever its
 * producer says, is read by a real PDF parser.
 */
export const readCanvasPdf = (pdf: Uint8Array): CanvasPdfPage | null => {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const head = CANVAS_PDF_HEAD.exec(bytes.toString('latin1', 0, Math.min(bytes.length, 512)));
  if (!head) return null;
  const start = head[0].length;
  const length = Number(head[3]);
  const end = start + length;
  if (end + CANVAS_PDF_AFTER_CONTENT.length > bytes.length || bytes.toString('latin1', end, end + CANVAS_PDF_AFTER_CONTENT.length) !== CANVAS_PDF_AFTER_CONTENT) return null;
  return { width: Number(head[1]), height: Number(head[2]), deflatedContent: bytes.subarray(start, end) };
};

/** A PDF text string: literal when it is printable ASCII (escaped), UTF-16BE with its byte-order mark otherwise. */
export const pdfString = (text: string): string => {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex')}>`;
};

/** `D:YYYYMMDDHHmmSSZ`, in UTC. */
const pdfDate = (date: Date): string => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `D:${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
};
