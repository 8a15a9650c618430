import { addDays, centralInstant } from './central-time';
import type { FakeLabelRequest } from './usps-requests';
import { bannerText, impbTrackingNumber, priceLabel, renderTestLabel, renderTestZplLabel, serviceTypeCode, zoneBetween } from './test-label';

/** `LabelMetadata` as the fake answers it (the fields USPS's published responses carry). */
export interface FakeLabelMetadata {
  labelAddress: Record<string, string | boolean>;
  routingInformation: string;
  trackingNumber: string;
  constructCode: string;
  SKU: string;
  postage: number;
  extraServices: Array<{ name: string; SKU: string; price: number }>;
  serviceTypeCode: string;
  zone: string;
  mailingDate: string;
  commitment: { name: string; scheduleDeliveryDate: string; expectedDeliveryDate: string };
  weightUOM: 'LB';
  weight: number;
  fees: Array<{ name: string; SKU: string; price: number }>;
  bannerText: string;
  retailDistributionCode: string;
}

export interface SoldLabel {
  trackingNumber: string;
  metadata: FakeLabelMetadata;
  /** The label as `imageInfo.imageType` asked: ZPL for ZPL203DPI/ZPL300DPI, else a 4x6 PDF. */
  image: Buffer;
  imageFormat: 'PDF' | 'ZPL';
}

const TRANSIT_DAYS: Readonly<Record<string, number>> = { PRIORITY_MAIL_EXPRESS: 1, PRIORITY_MAIL: 2, USPS_GROUND_ADVANTAGE: 4 };

const upper = (value: string | undefined) => (value ?? '').toUpperCase();

/** The recipient as USPS standardises it on the label: upper case, ZIP+4 kept when given. */
const standardised = (to: FakeLabelRequest['toAddress']): Record<string, string | boolean> => {
  const address: Record<string, string | boolean> = {
    streetAddress: upper(to.streetAddress),
    secondaryAddress: upper(to.secondaryAddress),
    city: upper(to.city),
    state: upper(to.state),
    ZIPCode: to.ZIPCode ?? '',
    ignoreBadAddress: to.ignoreBadAddress ?? false,
  };
  if (to.ZIPPlus4) address['ZIPPlus4'] = to.ZIPPlus4;
  for (const field of ['firstName', 'lastName', 'firm'] as const) if (to[field]) address[field] = upper(to[field]);
  return address;
};

const addressLines = (address: FakeLabelRequest['toAddress']): string[] =>
  [
    [address.firstName, address.lastName].filter(Boolean).join(' '),
    address.firm ?? '',
    address.streetAddress ?? '',
    address.secondaryAddress ?? '',
    `${address.city ?? ''} ${address.state ?? ''} ${address.ZIPCode ?? ''}${address.ZIPPlus4 ? `-${address.ZIPPlus4}` : ''}`,
  ]
    .map((line) => line.trim().toUpperCase())
    .filter((line) => line.length > 0);

/** Sells one label: tracking number from the label owner's MID and the serial, price, metadata and the image (PDF or ZPL). */
export const sellLabel = async (request: FakeLabelRequest, mailerId: string, serial: number): Promise<SoldLabel> => {
  const pkg = request.packageDescription;
  const to = request.toAddress;
  const { trackingNumber, constructCode } = impbTrackingNumber(pkg.mailClass, mailerId, serial);
  const zone = zoneBetween(request.fromAddress.ZIPCode, to.ZIPCode ?? request.fromAddress.ZIPCode);
  const price = priceLabel(pkg.mailClass, zone, pkg.weight, [pkg.length, pkg.width, pkg.height]);
  const mailingDay = pkg.mailingDate.slice(0, 10);
  // "If the time is not provided, it will be defaulted to 10:00 p.m. local time."
  const mailingDate = pkg.mailingDate.length > 10 ? pkg.mailingDate : centralInstant(mailingDay, 22, 0).toISOString();
  const days = TRANSIT_DAYS[pkg.mailClass] ?? 5;
  const metadata: FakeLabelMetadata = {
    labelAddress: standardised(to),
    routingInformation: `420${to.ZIPCode ?? ''}${to.ZIPPlus4 ?? ''}`,
    trackingNumber,
    constructCode,
    SKU: price.sku,
    postage: price.postageCents / 100,
    extraServices: price.extraServices,
    serviceTypeCode: serviceTypeCode(pkg.mailClass),
    zone,
    mailingDate,
    commitment: { name: `${days} Days`, scheduleDeliveryDate: addDays(mailingDay, days), expectedDeliveryDate: addDays(mailingDay, days) },
    weightUOM: 'LB',
    weight: pkg.weight,
    fees: price.fees,
    bannerText: `${bannerText(pkg.mailClass)} TEST`,
    retailDistributionCode: '02',
  };
  const artwork = { trackingNumber, mailClass: pkg.mailClass, from: addressLines(request.fromAddress), to: addressLines(to), mailingDate };
  if (request.imageInfo?.imageType?.startsWith('ZPL')) return { trackingNumber, metadata, image: renderTestZplLabel(artwork), imageFormat: 'ZPL' };
  return { trackingNumber, metadata, image: await renderTestLabel(artwork), imageFormat: 'PDF' };
};
