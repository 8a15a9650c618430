/**
 * The sandbox's own customs paper (decision 098), drawn on 4x6 in pages behind the label so a thermal printer prints
 * both: the postal CN 22 for contents up to $400 (UPU Convention, article 20; USPS PS Form 2976), the CP 72 above it
 * (PS Form 2976-A), and a commercial invoice for a courier (DHL Express). Every item with its quantity, weight, value,
 * HS tariff number and origin, the totals, the export filing (EEL/PFC), what to do if it cannot be delivered and who
 * signed. Marked SAMPLE, as the sandbox's labels are.
 */
import { countryName, formatUsd, type Customs } from '@labeldesk/contracts';
import type { LabelAddress } from '../../carrier.port';
import { printableText } from '../../../printing';
import { addressLines, centeredText, fitText, formatShipDate, textAt } from '../label-text';

type Doc = PDFKit.PDFDocument;

export type CustomsFormKind = 'CN22' | 'CP72' | 'COMMERCIAL_INVOICE';

/** Above this the postal declaration is the CP 72 (UPU: a CN 22 declares contents worth up to 300 SDR, about $400). */
export const CN22_LIMIT_CENTS = 40_000;

export const customsFormKind = (paperwork: 'postal' | 'commercial_invoice', customs: Customs): CustomsFormKind => {
  if (paperwork === 'commercial_invoice') return 'COMMERCIAL_INVOICE';
  const value = customs.items.reduce((sum, item) => sum + item.value_cents, 0);
  return value <= CN22_LIMIT_CENTS ? 'CN22' : 'CP72';
};

const TITLES: Readonly<Record<CustomsFormKind, string>> = {
  CN22: 'CUSTOMS DECLARATION CN 22',
  CP72: 'CUSTOMS DECLARATION CP 72',
  COMMERCIAL_INVOICE: 'COMMERCIAL INVOICE',
};

const CONTENTS_WORDS: Readonly<Record<Customs['contents_type'], string>> = {
  merchandise: 'MERCHANDISE',
  gift: 'GIFT',
  documents: 'DOCUMENTS',
  sample: 'COMMERCIAL SAMPLE',
  returned_goods: 'RETURNED GOODS',
  other: 'OTHER',
};

export interface CustomsFormInput {
  kind: CustomsFormKind;
  customs: Customs;
  /** What the declaration prints as EEL/PFC (the contract's eelPfcFor). */
  eelPfc: string;
  trackingHri: string;
  from: LabelAddress;
  to: LabelAddress;
  shipDate: Date;
}

const W = 288;
const H = 432;
const M = 10;
/** Each item takes two lines: its description, then its figures. */
const ITEM_PT = 22;
const FIRST_PAGE_ITEMS = 6;
const NEXT_PAGE_ITEMS = 12;

/** How many 4x6 pages the form takes for this many items. */
export const customsPageCount = (items: number): number => (items <= FIRST_PAGE_ITEMS ? 1 : 1 + Math.ceil((items - FIRST_PAGE_ITEMS) / NEXT_PAGE_ITEMS));

const pounds = (weightLb: number): string => `${(Math.round(weightLb * 100) / 100).toFixed(2)} LB`;

function drawTitle(doc: Doc, input: CustomsFormInput, page: number, pages: number): number {
  doc.rect(0, 0, W, 20).fill('black');
  doc.fillColor('white');
  centeredText(doc, `SAMPLE ${TITLES[input.kind]}`, W / 2, 6, 'Helvetica-Bold', 10);
  doc.fillColor('black');
  textAt(doc, `ITEM ${input.trackingHri}`, M, 26, 'Helvetica-Bold', 8);
  textAt(doc, `PAGE ${page} OF ${pages}`, W - M - 48, 26, 'Helvetica', 7);
  return 40;
}

function drawParties(doc: Doc, input: CustomsFormInput, top: number): number {
  const columns: Array<[string, LabelAddress, number]> = [
    ['FROM', input.from, M],
    ['TO', input.to, W / 2 + 2],
  ];
  let bottom = top;
  for (const [heading, address, x] of columns) {
    textAt(doc, heading, x, top, 'Helvetica-Bold', 7);
    addressLines(address)
      .slice(0, 6)
      .forEach((line, i) => textAt(doc, fitText(doc, line, 'Helvetica', 6.5, W / 2 - M - 4), x, top + 10 + i * 8.5, 'Helvetica', 6.5));
    bottom = Math.max(bottom, top + 10 + 6 * 8.5);
  }
  doc.lineWidth(0.75).moveTo(0, bottom + 2).lineTo(W, bottom + 2).stroke();
  return bottom + 8;
}

function drawContents(doc: Doc, customs: Customs, top: number): number {
  const contents = customs.contents_type === 'other' && customs.contents_explanation ? `OTHER: ${customs.contents_explanation}` : CONTENTS_WORDS[customs.contents_type];
  textAt(doc, 'CONTENTS:', M, top, 'Helvetica-Bold', 7.5);
  textAt(doc, fitText(doc, `[X] ${printableText(contents).toUpperCase()}`, 'Helvetica', 7.5, W - 70), 60, top, 'Helvetica', 7.5);
  textAt(doc, 'QTY   WEIGHT        VALUE       HS TARIFF NO.   ORIGIN', M, top + 13, 'Helvetica-Bold', 6.5);
  return top + 24;
}

function drawItems(doc: Doc, customs: Customs, from: number, count: number, top: number): number {
  let y = top;
  customs.items.slice(from, from + count).forEach((item, offset) => {
    const n = from + offset + 1;
    textAt(doc, fitText(doc, `${n}. ${printableText(item.description)}`, 'Helvetica-Bold', 7.5, W - 2 * M), M, y, 'Helvetica-Bold', 7.5);
    const figures = `${item.quantity}   ${pounds(item.weight_lb)}   ${formatUsd(item.value_cents)}   HS ${item.hs_tariff_number ?? 'NONE'}   ${item.origin_country}`;
    textAt(doc, fitText(doc, figures, 'Helvetica', 7.5, W - 2 * M - 8), M + 8, y + 9.5, 'Helvetica', 7.5);
    y += ITEM_PT;
  });
  return y;
}

const NON_DELIVERY_WORDS: Readonly<Record<Customs['non_delivery_option'], string>> = {
  return: 'RETURN TO SENDER',
  abandon: 'TREAT AS ABANDONED',
};

function drawTotalsAndSignature(doc: Doc, input: CustomsFormInput): void {
  const { customs } = input;
  const value = customs.items.reduce((sum, item) => sum + item.value_cents, 0);
  const weight = customs.items.reduce((sum, item) => sum + item.weight_lb, 0);
  const top = 318;
  doc.lineWidth(0.75).moveTo(0, top - 5).lineTo(W, top - 5).stroke();
  const rows: Array<[string, string]> = [
    ['TOTAL VALUE (USD):', formatUsd(value)],
    ['TOTAL WEIGHT:', pounds(weight)],
    ['EEL/PFC:', input.eelPfc || 'NONE'],
    ['IF UNDELIVERABLE:', NON_DELIVERY_WORDS[customs.non_delivery_option]],
    ['TERMS:', customs.incoterm ?? 'DDU'],
    ['DESTINATION:', countryName(input.to.country).toUpperCase()],
  ];
  rows.forEach(([label, text], i) => {
    textAt(doc, label, M, top + i * 10, 'Helvetica-Bold', 7);
    textAt(doc, fitText(doc, printableText(text), 'Helvetica', 7, W - 100 - M), 100, top + i * 10, 'Helvetica', 7);
  });
  const certify = 'I certify that the particulars given in this declaration are correct and that this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.';
  doc.font('Helvetica').fontSize(5.5).text(certify, M, top + 62, { width: W - 2 * M, lineBreak: true });
  textAt(doc, fitText(doc, `SIGNED: ${printableText(customs.signer).toUpperCase()}   DATE: ${formatShipDate(input.shipDate)}`, 'Helvetica-Bold', 7.5, W - 2 * M), M, H - 24, 'Helvetica-Bold', 7.5);
}

/** Adds the form's pages to `doc` (each a new 4x6 page). */
export function drawCustomsForm(doc: Doc, input: CustomsFormInput): void {
  const pages = customsPageCount(input.customs.items.length);
  let next = 0;
  for (let page = 1; page <= pages; page++) {
    doc.addPage({ size: [W, H], margin: 0 });
    let top = drawTitle(doc, input, page, pages);
    if (page === 1) top = drawContents(doc, input.customs, drawParties(doc, input, top));
    const count = page === 1 ? FIRST_PAGE_ITEMS : NEXT_PAGE_ITEMS;
    drawItems(doc, input.customs, next, count, top);
    next += count;
    if (page === pages) drawTotalsAndSignature(doc, input);
    else centeredText(doc, 'CONTINUED ON THE NEXT PAGE', W / 2, H - 24, 'Helvetica-Bold', 7.5);
  }
}
