/**
 * The batch's label PDF (`Labels_….pdf`): every label bought, in the order they are fed (callers sort, e.g. by
 * SKU), merged into one document as a stream.
 *
 * Each label is a PDF of its own — today from the sandbox renderer, later from a carrier — so it is parsed
 * generically with pdf-lib, its page(s) and everything they reference are copied into a short-lived context,
 * written out under the merged file's next object numbers (PdfStreamAssembler), and dropped. The merged document and
 * the set of labels never sit in memory: what stays is one byte offset per object and one object number per page
 * (scripts/bench-merge.mjs measures the heap staying flat).
 *
 * Layouts (contracts LABEL_FORMATS):
 * - `4x6`: every label page as it came, one per page (thermal printers).
 * - `letter_2up`: each label page becomes a form XObject and two go on a US Letter sheet, top and bottom
 *   (letter-2up.layout.ts says why they are turned rather than shrunk); an odd last label leaves the bottom empty.
 * A carrier document with more than one page (say, label and customs form) gives all its pages, in order.
 */
import type { LabelFormat } from '@labeldesk/contracts';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  type PDFArray,
  PDFContext,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  type PDFPageLeaf,
  PDFRawStream,
  type PDFRef,
  PDFStream,
  ParseSpeeds,
} from 'pdf-lib';
import { CANVAS_PAGE_FONTS, type CanvasPdfPage, readCanvasPdf, standardFontDictionary } from '../../printing';
import { halfSheetPlacement, type HalfSheetSlot, LETTER_HEIGHT_PT, LETTER_WIDTH_PT, type Matrix, normalizeRotation, type PageBox, type PageRotation } from './letter-2up.layout';
import { PdfStreamAssembler } from './pdf-stream-assembler';

export interface MergeLabelOptions {
  /** The PDF layouts; a `zpl` batch's labels go to merged-label-zpl.writer.ts instead. */
  layout: Exclude<LabelFormat, 'zpl'>;
}

/** How far the merge of one file has come. */
interface MergeSummary {
  /** Label documents read. */
  labels: number;
}

type LabelSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Labels between two turns of the event loop: merging 10,000 must not starve sockets and timers meanwhile. */
const LABELS_PER_TURN = 25;
const NEWLINE = Buffer.from('\n', 'latin1');

/** The merged PDF as chunks (roughly one per label), pulled from `labels` as the reader asks for them. */
export function mergedLabelPdfChunks(labels: LabelSource, options: MergeLabelOptions): AsyncGenerator<Buffer> {
  return merge(labels, options, { labels: 0 });
}

/** What the merge of one file keeps between labels. */
interface MergeState {
  out: PdfStreamAssembler;
  layout: MergeLabelOptions['layout'];
  summary: MergeSummary;
  pagesNumber: number;
  /** The file's pages so far, in order. */
  pageNumbers: number[];
  /** Label forms waiting for a Letter sheet (letter_2up). */
  pendingForms: PlacedForm[];
}

interface PlacedForm {
  /** Object number in the merged file. */
  objectNumber: number;
  box: PageBox;
  rotation: PageRotation;
}

async function* merge(labels: LabelSource, options: MergeLabelOptions, summary: MergeSummary): AsyncGenerator<Buffer> {
  const out = new PdfStreamAssembler();
  const catalogNumber = out.reserve();
  const pagesNumber = out.reserve();
  const pageNumbers: number[] = [];
  const pendingForms: PlacedForm[] = [];
  const state: MergeState = { out, layout: options.layout, summary, pagesNumber, pageNumbers, pendingForms };
  let canvasFonts: string | null = null;

  for await (const label of labels) {
    if (summary.labels === 0) yield out.header();
    summary.labels++;
    const canvas = readCanvasPdf(label);
    if (canvas) {
      // The sandbox's own labels: their content stream is copied as it is, their fonts written once for the file.
      const written: Buffer[] = [];
      if (canvasFonts === null) {
        const fonts = Object.entries(CANVAS_PAGE_FONTS).map(([name, baseFont]) => ({ name, baseFont, number: out.reserve() }));
        for (const font of fonts) written.push(out.object(font.number, standardFontDictionary(font.baseFont)));
        canvasFonts = `<< /ProcSet [/PDF /Text] /Font <<${fonts.map((font) => ` /${font.name} ${font.number} 0 R`).join('')} >> >>`;
      }
      written.push(canvasPage(state, canvas, canvasFonts));
      yield Buffer.concat(written);
    } else {
      yield* parsedLabel(state, await loadLabel(label, summary.labels));
    }
    while (pendingForms.length >= 2) yield letterSheet(out, pagesNumber, pendingForms.splice(0, 2), pageNumbers);
    if (summary.labels % LABELS_PER_TURN === 0) await nextMacrotask();
  }
  // Nothing was written yet: refusing here leaves no half-made file behind.
  if (summary.labels === 0) throw new Error('no labels to merge');
  if (pendingForms.length > 0) yield letterSheet(out, pagesNumber, pendingForms.splice(0), pageNumbers);

  // Labels are printed in a run: a "fit to page" default in the print dialog would shrink the barcodes.
  yield out.object(catalogNumber, `<< /Type /Catalog /Pages ${pagesNumber} 0 R /ViewerPreferences << /PrintScaling /None >> >>`);
  yield out.object(pagesNumber, `<< /Type /Pages /Count ${pageNumbers.length} /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] >>`);
  yield* out.trailer(catalogNumber);
}

/** A canvas label as a page of its own (4x6) or as a form waiting for its place on a Letter sheet. */
function canvasPage({ out, layout, pagesNumber, pageNumbers, pendingForms }: MergeState, page: CanvasPdfPage, resources: string): Buffer {
  const contentNumber = out.reserve();
  if (layout === 'letter_2up') {
    pendingForms.push({ objectNumber: contentNumber, box: { left: 0, bottom: 0, right: page.width, top: page.height }, rotation: 0 });
    return out.stream(contentNumber, `/Type /XObject /Subtype /Form /FormType 1 /BBox [ 0 0 ${page.width} ${page.height} ] /Resources ${resources} /Filter /FlateDecode`, page.deflatedContent);
  }
  const pageNumber = out.reserve();
  pageNumbers.push(pageNumber);
  return Buffer.concat([
    out.stream(contentNumber, '/Filter /FlateDecode', page.deflatedContent),
    out.object(pageNumber, `<< /Type /Page /Parent ${pagesNumber} 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources ${resources} /Contents ${contentNumber} 0 R >>`),
  ]);
}

/** Any other label document, read with pdf-lib: its pages and what they reference copied under the file's numbers. */
function* parsedLabel({ out, layout, summary, pagesNumber, pageNumbers, pendingForms }: MergeState, document: PDFDocument): Generator<Buffer> {
  const context = PDFContext.create();
  // One copier per source document: resources its pages share (fonts, images) are copied once.
  const copier = PDFObjectCopier.for(document.context, context);
  const copiedPages: PDFRef[] = [];
  const forms: Array<Omit<PlacedForm, 'objectNumber'> & { ref: PDFRef }> = [];
  for (const page of document.getPages()) {
    if (layout === '4x6') copiedPages.push(copier.copy(page.ref));
    else forms.push(labelForm(page.node, copier, context, summary.labels));
  }
  const appended = out.append(context, new Map(copiedPages.map((ref) => [ref.objectNumber, `/Parent ${pagesNumber} 0 R`])));
  yield appended.chunk;
  for (const ref of copiedPages) pageNumbers.push(appended.numberOf(ref));
  for (const { ref, ...form } of forms) pendingForms.push({ ...form, objectNumber: appended.numberOf(ref) });
}

async function loadLabel(bytes: Uint8Array, index: number): Promise<PDFDocument> {
  try {
    // Fastest: a label is a few kB, and the merge loop already yields to the event loop between labels.
    const document = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    if (document.getPageCount() === 0) throw new Error('it has no pages');
    return document;
  } catch (error) {
    throw new Error(`label ${index} is not a usable PDF: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The label page as a form XObject in `context`: its content, its resources and its visible box. A single content
 * stream keeps its encoded bytes and filter (no decode, so any filter works); several are decoded and joined, as
 * PDF 32000 §7.8.2 defines them to be one stream.
 */
function labelForm(page: PDFPageLeaf, copier: PDFObjectCopier, context: PDFContext, index: number): Omit<PlacedForm, 'objectNumber'> & { ref: PDFRef } {
  const box = visibleBox(page, index);
  const resources = page.Resources();
  const dict = context.obj({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [box.left, box.bottom, box.right, box.top],
    Resources: resources ? copier.copy(resources) : context.obj({}),
  });

  const contents = page.Contents();
  let data: Uint8Array;
  if (contents instanceof PDFRawStream) {
    for (const key of ['Filter', 'DecodeParms']) {
      const value = contents.dict.get(PDFName.of(key));
      if (value) dict.set(PDFName.of(key), copier.copy(value));
    }
    data = contents.contents;
  } else {
    const parts: Uint8Array[] = [];
    for (const stream of contentStreams(contents, index)) parts.push(decodePDFRawStream(stream).decode(), NEWLINE);
    data = deflateSync(Buffer.concat(parts));
    dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  }
  return { ref: context.register(PDFRawStream.of(dict, data)), box, rotation: normalizeRotation(page.Rotate()?.asNumber() ?? 0) };
}

function contentStreams(contents: PDFStream | PDFArray | undefined, index: number): PDFRawStream[] {
  if (contents === undefined) return [];
  if (contents instanceof PDFStream) throw new Error(`label ${index} has a content stream pdf-lib did not parse`);
  const streams: PDFRawStream[] = [];
  for (let i = 0; i < contents.size(); i++) {
    const stream = contents.lookup(i);
    if (!(stream instanceof PDFRawStream)) throw new Error(`label ${index} has a /Contents entry that is not a stream`);
    streams.push(stream);
  }
  return streams;
}

/** The CropBox clipped to the MediaBox (PDF 32000 §14.11.2), corners in either order. */
function visibleBox(page: PDFPageLeaf, index: number): PageBox {
  const media = readBox(page.MediaBox(), index);
  const cropArray = page.CropBox();
  if (!cropArray) return media;
  const crop = readBox(cropArray, index);
  const clipped = {
    left: Math.max(crop.left, media.left),
    bottom: Math.max(crop.bottom, media.bottom),
    right: Math.min(crop.right, media.right),
    top: Math.min(crop.top, media.top),
  };
  return clipped.right > clipped.left && clipped.top > clipped.bottom ? clipped : media;
}

function readBox(array: PDFArray, index: number): PageBox {
  const values: number[] = [];
  for (let i = 0; i < 4; i++) {
    const value = array.lookup(i);
    if (!(value instanceof PDFNumber)) throw new Error(`label ${index} has a page box that is not four numbers`);
    values.push(value.asNumber());
  }
  const [x1, y1, x2, y2] = values;
  return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
}

/** One Letter page with up to two label forms, top then bottom. */
function letterSheet(out: PdfStreamAssembler, pagesNumber: number, forms: PlacedForm[], pageNumbers: number[]): Buffer {
  const contentNumber = out.reserve();
  const pageNumber = out.reserve();
  let content = '';
  let xObjects = '';
  forms.forEach((form, slot) => {
    const { matrix } = halfSheetPlacement(form.box, form.rotation, slot as HalfSheetSlot);
    content += `q ${formatMatrix(matrix)} cm /L${slot} Do Q\n`;
    xObjects += ` /L${slot} ${form.objectNumber} 0 R`;
  });
  pageNumbers.push(pageNumber);
  return Buffer.concat([
    out.stream(contentNumber, '', Buffer.from(content, 'latin1')),
    out.object(
      pageNumber,
      `<< /Type /Page /Parent ${pagesNumber} 0 R /MediaBox [0 0 ${LETTER_WIDTH_PT} ${LETTER_HEIGHT_PT}] /Resources << /XObject <<${xObjects} >> >> /Contents ${contentNumber} 0 R >>`,
    ),
  ]);
}

/** PDF numbers: no exponent, at most 4 decimals (1/10,000 pt), no `-0`. */
function formatMatrix(matrix: Matrix): string {
  return matrix
    .map((value) => {
      const rounded = Math.round(value * 10_000) / 10_000;
      return Object.is(rounded, -0) ? '0' : rounded.toFixed(4).replace(/\.?0+$/, '');
    })
    .join(' ');
}
