import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * What the fake USPS sells: an IMpb tracking number, a price and a 4x6 PDF that says it is a test. Shapes follow the
 * label responses USPS publishes (USPS/api-examples `domesticlabel-v3-response.json`; the multipart responses kept in
 * karrioapi/karrio `modules/connectors/usps/tests/usps/test_shipment.py`); the prices are made up but stable.
 */

/**
 * IMpb Service Type Codes per mail class: 055 Priority Mail and 701 Priority Mail Express (formats.md §1.3), 346
 * Ground Advantage (the `serviceTypeCode` of a USPS_GROUND_ADVANTAGE label answered by the Labels API, kept in karrio's
 * tests). Other classes get 001, a placeholder.
 */
const SERVICE_TYPE_CODES: Readonly<Record<string, string>> = {
  PRIORITY_MAIL: '055',
  PRIORITY_MAIL_EXPRESS: '701',
  USPS_GROUND_ADVANTAGE: '346',
};

const SKU_LETTERS: Readonly<Record<string, string>> = { PRIORITY_MAIL: 'PXX', PRIORITY_MAIL_EXPRESS: 'EXX', USPS_GROUND_ADVANTAGE: 'UXR' };

const BANNERS: Readonly<Record<string, string>> = {
  PRIORITY_MAIL: 'USPS PRIORITY MAIL',
  PRIORITY_MAIL_EXPRESS: 'PRIORITY MAIL EXPRESS',
  USPS_GROUND_ADVANTAGE: 'USPS GROUND ADVANTAGE',
};

/** Base price and price per zone and per started pound, in cents. */
const PRICES: Readonly<Record<string, readonly [number, number, number]>> = {
  PRIORITY_MAIL: [560, 10, 50],
  PRIORITY_MAIL_EXPRESS: [2875, 115, 390],
  USPS_GROUND_ADVANTAGE: [420, 10, 40],
};

export const serviceTypeCode = (mailClass: string): string => SERVICE_TYPE_CODES[mailClass] ?? '001';
export const bannerText = (mailClass: string): string => BANNERS[mailClass] ?? mailClass.replace(/_/g, ' ');

/** USPS MOD 10 over the PIC (formats.md §1.4): from the right, odd positions weigh 3. */
const mod10 = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += (digits.charCodeAt(digits.length - 1 - i) - 48) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
};

/** A 22-digit IMpb PIC: channel 92 with a 9-digit MID and a 7-digit serial, 93 with a 6-digit MID and a 10-digit one. */
export const impbTrackingNumber = (mailClass: string, mailerId: string, serial: number): { trackingNumber: string; constructCode: string } => {
  const nineDigitMid = mailerId.length === 9;
  const payload = `${nineDigitMid ? '92' : '93'}${serviceTypeCode(mailClass)}${mailerId}${String(serial).padStart(nineDigitMid ? 7 : 10, '0')}`;
  return { trackingNumber: `${payload}${mod10(payload)}`, constructCode: nineDigitMid ? 'C01' : 'C05' };
};

/** Zone 01 inside one ZIP3, else 02–08 by how far apart the ZIP3s are. */
export const zoneBetween = (fromZip: string, toZip: string): string => {
  const distance = Math.abs(Number(fromZip.slice(0, 3)) - Number(toZip.slice(0, 3)));
  return `0${distance === 0 ? 1 : 2 + (distance % 7)}`;
};

export interface PricedItem {
  name: string;
  SKU: string;
  price: number;
}

export interface FakePrice {
  postageCents: number;
  extraServices: PricedItem[];
  fees: PricedItem[];
  sku: string;
}

/** Postage by class, zone and started pound, with the nonstandard fees of big parcels (as USPS adds them). */
export const priceLabel = (mailClass: string, zone: string, weightLb: number, dimensionsIn: readonly [number, number, number]): FakePrice => {
  const [base, perZone, perPound] = PRICES[mailClass] ?? [650, 40, 90];
  const pounds = Math.max(1, Math.ceil(weightLb));
  const postageCents = base + perZone * Number(zone) + perPound * (pounds - 1);
  const longest = Math.max(...dimensionsIn);
  const cubicInches = dimensionsIn[0] * dimensionsIn[1] * dimensionsIn[2];
  const fees: PricedItem[] = [];
  if (longest > 30) fees.push({ name: 'Nonstandard Length > 30 in', SKU: 'D812XUXXXXX0000', price: 15 });
  else if (longest > 22) fees.push({ name: 'Nonstandard Length > 22 in', SKU: 'D811XUXXXXX0000', price: 4 });
  if (cubicInches > 2 * 1728) fees.push({ name: 'Nonstandard Volume > 2 cu ft', SKU: 'D813XUXXXXX0000', price: 18 });
  return {
    postageCents,
    extraServices: [{ name: 'USPS Tracking', SKU: 'DXTU0EXXXCX0000', price: 0 }],
    fees,
    sku: `D${SKU_LETTERS[mailClass] ?? 'XXX'}0XXXXC${zone}${String(Math.min(pounds, 999)).padStart(3, '0')}`,
  };
};

/** Standard PDF fonts speak WinAnsi only: anything else is shown as `?` rather than failing the label. */
const winAnsi = (value: string): string => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export interface TestLabelArtwork {
  trackingNumber: string;
  mailClass: string;
  from: readonly string[];
  to: readonly string[];
  mailingDate: string;
}

/** A single 4x6 in page that cannot be mistaken for postage: "USPS TEST", the class, both addresses, the number. */
export const renderTestLabel = async (artwork: TestLabelArtwork): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`USPS TEST label ${artwork.trackingNumber}`);
  pdf.setProducer('fake USPS Labels API (tests only)');
  const page = pdf.addPage([288, 432]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const line = (text: string, x: number, y: number, size: number, font = regular) => page.drawText(winAnsi(text), { x, y, size, font });
  line('USPS TEST', 18, 388, 34, bold);
  line('NOT POSTAGE - NOT FOR MAILING', 18, 368, 10, bold);
  line(bannerText(artwork.mailClass), 18, 340, 13, bold);
  line(`Mailing date ${artwork.mailingDate.slice(0, 10)}`, 18, 324, 8);
  artwork.from.forEach((text, i) => line(text, 18, 300 - i * 10, 8));
  line('SHIP TO:', 18, 230, 9, bold);
  artwork.to.forEach((text, i) => line(text, 36, 214 - i * 13, 11));
  line('USPS TRACKING # TEST', 18, 96, 9, bold);
  line(artwork.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '), 18, 78, 13, bold);
  return Buffer.from(await pdf.save());
};

/** ZPL field data cannot hold `^` or `~` (command prefixes): those and anything outside ASCII are shown as `?`. */
const zplText = (value: string): string => value.replace(/[^\x20-\x7e]|[\^~]/g, '?');

/**
 * The same test label as one ZPL II format for a 203 dpi 4x6 printer (812 x 1218 dots), ^XA … ^XZ: "USPS TEST", the
 * class, both addresses and the tracking number as a Code 128 barcode (^BC) with the digits under it.
 */
export const renderTestZplLabel = (artwork: TestLabelArtwork): Buffer => {
  const field = (text: string, x: number, y: number, size: number) => `^FO${x},${y}^A0N,${size},${size}^FD${zplText(text)}^FS`;
  const lines = ['^XA', '^PW812', '^LL1218', field('USPS TEST', 50, 40, 90), field('NOT POSTAGE - NOT FOR MAILING', 50, 140, 30)];
  lines.push(field(bannerText(artwork.mailClass), 50, 190, 36), field(`Mailing date ${artwork.mailingDate.slice(0, 10)}`, 50, 240, 24));
  artwork.from.forEach((text, i) => lines.push(field(text, 50, 290 + i * 28, 24)));
  lines.push(field('SHIP TO:', 50, 470, 28));
  artwork.to.forEach((text, i) => lines.push(field(text, 100, 510 + i * 40, 34)));
  lines.push(field('USPS TRACKING # TEST', 50, 860, 28), `^FO50,900^BY3^BCN,180,N,N,N^FD${artwork.trackingNumber}^FS`);
  lines.push(field(artwork.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '), 50, 1100, 36), '^XZ');
  return Buffer.from(lines.join('\n'), 'latin1');
};
