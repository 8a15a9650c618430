/**
 * The sandbox's SAMPLE label abroad (decision 098) and its customs paper, in one PDF in printing order: the 4x6 label
 * first (it goes on the parcel), then the CN 22, CP 72 or commercial invoice pages (they go in the pouch), so one
 * print of the label file prints everything, as EasyPost's label and forms are merged (easypost-forms.ts).
 */
import PDFDocument from 'pdfkit';
import { eelPfcFor, type Customs } from '@labeldesk/contracts';
import type { LabelShipment } from '../../carrier.port';
import { collectPdf, useParsedStandardFonts } from '../../../printing';
import { code128Widths, SAMPLE_NOT_VALID } from '../courier-label-renderer';
import { addressLines, CAP, centeredText, drawSampleBox, drawWatermark, fitFontSize, fitText, formatDimensions, formatShipDate, formatWeight, textAt } from '../label-text';
import { customsFormKind, customsPageCount, drawCustomsForm, type CustomsFormKind } from './customs-form-pages';
import type { SandboxInternationalService } from './international-services';
import { internationalTrackingHri } from './tracking-numbers';

type Doc = PDFKit.PDFDocument;

export interface InternationalLabelInput {
  service: SandboxInternationalService;
  shipment: LabelShipment & { customs: Customs };
  trackingNumber: string;
  shipDate: Date;
}

const W = 288;
const H = 432;
const M = 8;
const FORM_NAMES: Readonly<Record<CustomsFormKind, string>> = { CN22: 'CN 22', CP72: 'CP 72', COMMERCIAL_INVOICE: 'COMMERCIAL INVOICE' };

function drawLabelPage(doc: Doc, input: InternationalLabelInput, kind: CustomsFormKind): void {
  const { shipment, service } = input;
  doc.addPage({ size: [W, H], margin: 0 });
  drawWatermark(doc, W / 2, 130);
  addressLines(shipment.from)
    .slice(0, 5)
    .forEach((line, i) => textAt(doc, fitText(doc, line, 'Helvetica', 7, 150), M, 8 + i * 9, 'Helvetica', 7));
  textAt(doc, `SHIP DATE: ${formatShipDate(input.shipDate)}`, M, 58, 'Helvetica', 7);
  drawSampleBox(doc, { x: 166, y: 8, w: 114, h: 62 }, [
    { text: 'NOT VALID FOR SHIPPING', dy: 30, font: 'Helvetica-Bold', size: 8 },
    { text: formatWeight(shipment.package.weightLb), dy: 44, font: 'Helvetica', size: 8 },
  ]);
  doc.lineWidth(1.5).moveTo(0, 78).lineTo(W, 78).stroke();
  textAt(doc, 'SHIP TO:', M, 86, 'Helvetica-Bold', 8);
  const lines = addressLines(shipment.to);
  const size = fitFontSize(doc, lines, 'Helvetica-Bold', 13, 8, W - 24 - M);
  lines.forEach((line, i) => textAt(doc, fitText(doc, line, 'Helvetica-Bold', size, W - 24 - M), 24, 98 + i * size * 1.25, 'Helvetica-Bold', size));
  const bandTop = 196;
  doc.rect(0, bandTop, W, 3).fill('black');
  const banner = fitFontSize(doc, [service.bannerText], 'Helvetica-Bold', 18, 10, W - 2 * M);
  centeredText(doc, service.bannerText, W / 2, bandTop + 12, 'Helvetica-Bold', banner);
  doc.rect(0, bandTop + 38, W, 3).fill('black');
  const hri = internationalTrackingHri(input.trackingNumber);
  centeredText(doc, `TRACKING #: ${hri}`, W / 2, bandTop + 50, 'Helvetica-Bold', 11);
  const sbs = code128Widths(input.trackingNumber);
  const modules = sbs.reduce((sum, width) => sum + width, 0);
  const module = Math.min(1.44, (W - 36) / modules);
  let x = (W - modules * module) / 2;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(x, bandTop + 66, width * module, 64);
    x += width * module;
  });
  doc.fill('black');
  const pages = customsPageCount(input.shipment.customs.items.length);
  const footer: Array<[string, string]> = [
    ['CUSTOMS:', `${FORM_NAMES[kind]} ATTACHED (${pages} PAGE${pages === 1 ? '' : 'S'} AFTER THIS LABEL)`],
    ['DIMENSIONS:', formatDimensions(shipment.package)],
    ['REF:', shipment.package.reference2 ?? shipment.package.reference1 ?? '-'],
  ];
  footer.forEach(([label, text], i) => {
    textAt(doc, label, M, 352 + i * 10, 'Helvetica-Bold', 7);
    textAt(doc, fitText(doc, text, 'Helvetica', 7, W - 62 - M), 62, 352 + i * 10, 'Helvetica', 7);
  });
  doc.rect(0, 417, W, H - 417).fill('black');
  doc.fillColor('white');
  centeredText(doc, SAMPLE_NOT_VALID, W / 2, 417 + (H - 417 - 9 * CAP) / 2, 'Helvetica-Bold', 9);
  doc.fillColor('black');
}

/** The label page and its customs pages, one PDF. */
export async function renderInternationalLabel(input: InternationalLabelInput): Promise<Buffer> {
  const kind = customsFormKind(input.service.paperwork, input.shipment.customs);
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    font: null as unknown as string,
    info: {
      Title: `SAMPLE international label ${input.trackingNumber} with its ${FORM_NAMES[kind]} - not valid for shipping`,
      Subject: 'Sample shipping label and customs declaration. NOT VALID FOR SHIPPING.',
      Producer: 'labeldesk sandbox carrier',
      Creator: 'labeldesk sandbox carrier',
      CreationDate: input.shipDate,
    },
  });
  useParsedStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const done = collectPdf(doc);
  drawLabelPage(doc, input, kind);
  drawCustomsForm(doc, {
    kind,
    customs: input.shipment.customs,
    eelPfc: eelPfcFor(input.shipment.customs, input.shipment.to.country),
    trackingHri: internationalTrackingHri(input.trackingNumber),
    from: input.shipment.from,
    to: input.shipment.to,
    shipDate: input.shipDate,
  });
  doc.end();
  return done;
}
