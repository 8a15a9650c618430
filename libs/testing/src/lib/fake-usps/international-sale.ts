import { PDFDocument, StandardFonts } from 'pdf-lib';
import { s10TrackingNumber } from '../fake-easypost/tracking-numbers';
import { renderTestLabel, renderTestZplLabel } from './test-label';
import type { FakeLabelRequest } from './usps-requests';
import type { UspsErrorItem } from './usps-errors';

/**
 * International Labels 3.3.7 (`POST /international-labels/v3/international-label`): the request as the spec has it
 * (vendor/usps/international-labels.yaml), the rules its descriptions state, and the label sold: an S10 item number
 * (`internationalTrackingNumber`), the `InternationalLabelMetadata` and a PDF of the 4x6 label with the customs
 * declaration (PS Form 2976 / CN22, or 2976-A / CP72 above $400) on the pages behind it, listing every item.
 */

export interface FakeInternationalContents {
  itemDescription: string;
  itemQuantity: number;
  itemTotalValue?: number;
  itemValue?: number;
  itemTotalWeight?: number;
  itemWeight?: number;
  HSTariffNumber?: string;
  countryofOrigin: string;
}

export interface FakeInternationalLabelRequest {
  imageInfo?: { imageType?: string; labelType?: string };
  toAddress: { firstName?: string; lastName?: string; firm?: string; streetAddress: string; secondaryAddress?: string; city: string; postalCode?: string; province?: string; country: string; countryISOAlpha2Code: string };
  fromAddress: FakeLabelRequest['fromAddress'];
  senderAddress?: FakeLabelRequest['fromAddress'];
  packageDescription: FakeLabelRequest['packageDescription'] & { packageOptions?: { nonDeliveryOption?: string; packageValue?: number } };
  customsForm: { customsContentType: string; contentComments?: string; AESITN: string; contents: FakeInternationalContents[] };
}

const PREFIXES: Readonly<Record<string, string>> = { 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': 'LZ', PRIORITY_MAIL_INTERNATIONAL: 'CP', PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'EC' };
/** First pound, and each pound after, in cents: Canada (price group 1) and everywhere else (the fake's one other group). */
const PRICES: Readonly<Record<string, readonly [number, number, number]>> = {
  'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': [1625, 1975, 1150],
  PRIORITY_MAIL_INTERNATIONAL: [4595, 5795, 450],
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: [5895, 7095, 520],
};
const SKU_LETTERS: Readonly<Record<string, string>> = { 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': 'IFXX', PRIORITY_MAIL_INTERNATIONAL: 'IPXX', PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'IEXX' };

/** An international label's price: its price group (Canada 01, anywhere else 12), whole pounds and postage in cents. */
export interface FakeInternationalPrice {
  group: '01' | '12';
  pounds: number;
  postageCents: number;
}

/**
 * The one price model the fake's international labels are charged by and its International Prices answers quote
 * (decision 118): first pound by price group, then each pound after. No fees: the fake sells no extras abroad.
 */
export const priceInternationalLabel = (mailClass: string, countryCode: string, weightLb: number): FakeInternationalPrice => {
  const [near, far, perPound] = PRICES[mailClass] ?? [1625, 1975, 1150];
  const group = countryCode.toUpperCase() === 'CA' ? '01' : '12';
  const pounds = Math.max(1, Math.ceil(weightLb));
  return { group, pounds, postageCents: (group === '01' ? near : far) + (pounds - 1) * perPound };
};

/** The SKU USPS prices a label by (`IPXX0XXXXB01040`: class letters, price group, pounds). */
export const internationalSkuOf = (mailClass: string, group: string, pounds: number): string => `${SKU_LETTERS[mailClass] ?? 'IFXX'}0XXXXB${group}${String(Math.min(pounds, 999)).padStart(3, '0')}`;

const lineValue = (item: FakeInternationalContents): number => item.itemTotalValue ?? (item.itemValue ?? 0) * item.itemQuantity;
const lineWeight = (item: FakeInternationalContents): number => item.itemTotalWeight ?? (item.itemWeight ?? 0) * item.itemQuantity;

/** The International Labels API's stated rules the schema cannot hold, checked after it. */
export const internationalRuleErrors = (request: FakeInternationalLabelRequest): UspsErrorItem[] => {
  const errors: UspsErrorItem[] = [];
  const to = request.toAddress;
  if (!((to.firstName && to.lastName) || to.firm)) errors.push({ code: '160075', parameter: 'toAddress', detail: 'firstName and lastName or firm name are required' });
  if (to.countryISOAlpha2Code.toUpperCase() === 'US') errors.push({ code: 'SCHEMA', parameter: 'toAddress.countryISOAlpha2Code', detail: 'An international label cannot go to a US address' });
  if (to.countryISOAlpha2Code.toUpperCase() === 'CA' && !/^[A-Z]/i.test(to.postalCode ?? '')) errors.push({ code: 'SCHEMA', parameter: 'toAddress.postalCode', detail: 'When shipping to Canada, postalCode must start with a letter' });
  const { contents, customsContentType, contentComments } = request.customsForm;
  if (customsContentType === 'OTHER' && !contentComments) errors.push({ code: 'SCHEMA', parameter: 'customsForm.contentComments', detail: 'contentComments is required when customsContentType is OTHER' });
  contents.forEach((item, index) => {
    if (!(item.itemTotalValue !== undefined || item.itemValue !== undefined) || !(item.itemTotalWeight !== undefined || item.itemWeight !== undefined)) {
      errors.push({ code: 'SCHEMA', parameter: `customsForm.contents[${index}]`, detail: 'One of either itemValue and itemWeight or itemTotalValue and itemTotalWeight are required' });
    }
    if (/^(none|not applicable|n\/a|null|gift|merchandise)$/i.test(item.itemDescription.trim())) errors.push({ code: 'SCHEMA', parameter: `customsForm.contents[${index}].itemDescription`, detail: `${item.itemDescription} is not a valid item description` });
  });
  const weight = request.packageDescription.weight;
  if (weight > 70) errors.push({ code: '160098', parameter: 'packageDescription.weight', detail: 'Weight should be greater than 0 LB and should not exceed 70 LB' });
  return errors;
};

const winAnsi = (value: string): string => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** The customs declaration page(s) behind the label: every item, its quantity, value, weight, HS number and origin. */
const customsPages = async (label: Buffer, request: FakeInternationalLabelRequest, trackingNumber: string): Promise<Buffer> => {
  const pdf = await PDFDocument.load(label);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const { contents, customsContentType, AESITN } = request.customsForm;
  const total = contents.reduce((sum, item) => sum + lineValue(item), 0);
  const page = pdf.addPage([288, 432]);
  const line = (text: string, x: number, y: number, size: number, font = regular) => page.drawText(winAnsi(text), { x, y, size, font });
  line(total > 400 ? 'CUSTOMS DECLARATION CP 72' : 'CUSTOMS DECLARATION CN 22', 12, 404, 13, bold);
  line(`USPS TEST - ${trackingNumber}`, 12, 388, 8, bold);
  line(`Contents: ${customsContentType}`, 12, 370, 8);
  line(`AES/ITN: ${AESITN}`, 12, 358, 8);
  line('Description        Qty  Value USD  Lb   HS      Origin', 12, 336, 7, bold);
  contents.forEach((item, index) => {
    const y = 322 - index * 11;
    line(item.itemDescription.slice(0, 18), 12, y, 7);
    line(String(item.itemQuantity), 92, y, 7);
    line(lineValue(item).toFixed(2), 114, y, 7);
    line(String(lineWeight(item)), 160, y, 7);
    line(item.HSTariffNumber ?? '', 186, y, 7);
    line(item.countryofOrigin, 240, y, 7);
  });
  line(`Total value USD ${total.toFixed(2)}`, 12, 40, 8, bold);
  return Buffer.from(await pdf.save());
};

const linesOf = (address: FakeInternationalLabelRequest['toAddress'] | FakeLabelRequest['fromAddress']): string[] => {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = 'countryISOAlpha2Code' in address ? [`${address.city} ${address.province ?? ''} ${address.postalCode ?? ''}`, address.country] : [`${address.city} ${address.state} ${address.ZIPCode}`];
  return [name, address.firm ?? '', address.streetAddress, address.secondaryAddress ?? '', ...place].map((text) => text.replace(/\s+/g, ' ').trim().toUpperCase()).filter(Boolean);
};

/** `InternationalLabelMetadata` as the fake answers it. */
export interface FakeInternationalLabelMetadata {
  labelAddress: FakeInternationalLabelRequest['toAddress'];
  internationalTrackingNumber: string;
  constructCode: string;
  SKU: string;
  postage: number;
  extraServices: Array<{ name: string; SKU: string; price: number }>;
  internationalPriceGroup: string;
  weightUOM: 'lb';
  weight: number;
  dimensionalWeight: string;
  mailingDate: string;
  fees: Array<{ name: string; SKU: string; price: number }>;
}

export interface SoldInternationalLabel {
  trackingNumber: string;
  metadata: FakeInternationalLabelMetadata;
  image: Buffer;
  imageFormat: 'PDF' | 'ZPL';
}

/** Sells one international label: its S10 number, the metadata the spec lists, and the image (PDF with customs pages, or ZPL). */
export const sellInternationalLabel = async (request: FakeInternationalLabelRequest, serial: number): Promise<SoldInternationalLabel> => {
  const pkg = request.packageDescription;
  const to = request.toAddress;
  const trackingNumber = s10TrackingNumber(PREFIXES[pkg.mailClass] ?? 'LZ', serial);
  const { group, pounds, postageCents } = priceInternationalLabel(pkg.mailClass, to.countryISOAlpha2Code, pkg.weight);
  const metadata: FakeInternationalLabelMetadata = {
    labelAddress: { ...to, streetAddress: to.streetAddress.toUpperCase(), city: to.city.toUpperCase() },
    internationalTrackingNumber: trackingNumber,
    constructCode: 'I01',
    SKU: internationalSkuOf(pkg.mailClass, group, pounds),
    postage: postageCents / 100,
    extraServices: [],
    internationalPriceGroup: group,
    weightUOM: 'lb',
    weight: pkg.weight,
    dimensionalWeight: '0.0',
    mailingDate: pkg.mailingDate.slice(0, 10),
    fees: [],
  };
  const artwork = { trackingNumber, mailClass: pkg.mailClass, from: linesOf(request.fromAddress), to: linesOf(to), mailingDate: pkg.mailingDate };
  if (request.imageInfo?.imageType?.startsWith('ZPL')) return { trackingNumber, metadata, image: renderTestZplLabel(artwork), imageFormat: 'ZPL' };
  return { trackingNumber, metadata, image: await customsPages(await renderTestLabel(artwork), request, trackingNumber), imageFormat: 'PDF' };
};
