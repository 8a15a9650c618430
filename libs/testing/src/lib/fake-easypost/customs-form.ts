import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { FakeCustomsInfo } from './customs';

/**
 * The customs form the fake's carrier makes for an international buy, and its PDF. Which form is the fake's own
 * choice (no recording buys abroad): a courier's commercial invoice (`commercial_invoice`, as EasyPost's documented
 * DHL/UPS/FedEx shipments carry), USPS's CN22 up to $400 of contents and CP72 above (UPU's 300 SDR line).
 */

export type FakeFormType = 'commercial_invoice' | 'cn22' | 'cp72';

const CN22_LIMIT_DOLLARS = 400;

export const formTypeOf = (carrier: string, customs: FakeCustomsInfo): FakeFormType => {
  if (carrier !== 'USPS') return 'commercial_invoice';
  const total = customs.items.reduce((sum, item) => sum + item.value, 0);
  return total <= CN22_LIMIT_DOLLARS ? 'cn22' : 'cp72';
};

const TITLES: Readonly<Record<FakeFormType, string>> = { commercial_invoice: 'COMMERCIAL INVOICE', cn22: 'CUSTOMS DECLARATION CN 22', cp72: 'CUSTOMS DECLARATION CP 72' };

export interface FakeFormContent {
  type: FakeFormType;
  trackingCode: string;
  carrier: string;
  fromLines: string[];
  toLines: string[];
  customs: FakeCustomsInfo;
}

const printable = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

/** US Letter, 72 points an inch. */
const WIDTH = 612;
const HEIGHT = 792;

/** A one-page form (letter) listing every item with its quantity, value, weight, HS code and origin, marked as a test. */
export const renderFakeCustomsForm = async (content: FakeFormContent): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TITLES[content.type]} ${content.trackingCode}`);
  pdf.setProducer('LabelDesk fake EasyPost');
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (value: string, x: number, y: number, size = 10, font = regular) => page.drawText(printable(value), { x, y, size, font });

  text(TITLES[content.type], 40, HEIGHT - 60, 20, bold);
  text('EASYPOST TEST FORM - NOT FOR CUSTOMS USE', 40, HEIGHT - 80, 10, bold);
  text(`${content.carrier} tracking ${content.trackingCode}`, 40, HEIGHT - 100);
  let y = HEIGHT - 130;
  const block = (title: string, lines: string[], x: number) => {
    let at = y;
    text(title, x, at, 9, bold);
    for (const line of lines) text(line, x, (at -= 13));
  };
  block('EXPORTER', content.fromLines, 40);
  block('CONSIGNEE', content.toLines, 320);
  y -= 100;
  text(`Contents: ${content.customs.contentsType}${content.customs.contentsExplanation ? ` (${content.customs.contentsExplanation})` : ''}`, 40, y);
  text(`If undeliverable: ${content.customs.nonDeliveryOption}`, 320, y);
  y -= 26;
  const columns: ReadonlyArray<readonly [string, number]> = [['Description', 40], ['Qty', 250], ['Value USD', 290], ['Weight oz', 360], ['HS code', 430], ['Origin', 520]];
  for (const [title, x] of columns) text(title, x, y, 9, bold);
  page.drawLine({ start: { x: 40, y: y - 4 }, end: { x: WIDTH - 40, y: y - 4 }, thickness: 0.5, color: rgb(0, 0, 0) });
  for (const item of content.customs.items) {
    y -= 16;
    const cells = [item.description.slice(0, 34), String(item.quantity), item.value.toFixed(2), String(item.weight), item.hsTariffNumber ?? '', item.originCountry];
    cells.forEach((cell, index) => text(cell, columns[index]?.[1] ?? 40, y));
  }
  y -= 26;
  const total = content.customs.items.reduce((sum, item) => sum + item.value, 0);
  text(`Total value USD ${total.toFixed(2)}`, 40, y, 10, bold);
  text(`EEL/PFC: ${content.customs.eelPfc ?? ''}`, 320, y);
  y -= 20;
  text(`Certified by: ${content.customs.signer ?? ''}`, 40, y);
  return Buffer.from(await pdf.save());
};
