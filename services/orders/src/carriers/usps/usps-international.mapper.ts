import { countryName, eelPfcFor, formatUsd, type Customs } from '@labeldesk/contracts';
import type { BoughtLabel, CarrierShippingService, LabelAddress, LabelFormat, LabelShipment } from '../carrier.port';
import { catalogServiceOf } from '../catalog/shipping-service-catalog';
import { customsOf } from '../customs/shipment-customs';
import { FORMAT_NAMES, formatOf, isLabelFileOf } from '../label-file';
import { addressLinesOf, clip, dollarsToCents, type LabelRequestContext, type Mapped, parcelOf, referencesOf, toSenderAddress, toUspsAddress, USPS_IMAGE_TYPES, uspsPhone } from './usps.mapper';
import { internationalLabelResponseSchema, type UspsCustomsContentType, type UspsInternationalAddress, type UspsInternationalLabelRequest, type UspsInternationalMailClass } from './usps-international.schema';

/**
 * Our shipment abroad ⇄ USPS International Labels 3.3.7, as pure functions. The customs declaration becomes the
 * `customsForm` (one `contents` line per item, its value and weight for the whole line, as ours are); limits the spec
 * states are checked here, in plain words, before anything is sent.
 */

interface InternationalService extends CarrierShippingService {
  mailClass: UspsInternationalMailClass;
  /** The most the contents may be worth, cents (First-Class Package International: $400); null for no limit. */
  maxValueCents: number | null;
}

const service = (uid: string, mailClass: UspsInternationalMailClass, maxValueCents: number | null): InternationalService => {
  const entry = catalogServiceOf(uid);
  if (!entry || entry.lanes !== 'international') throw new Error(`${uid} is no international service of the catalog`);
  return Object.freeze({ uid, name: entry.name, category: 'USPS', maxWeightLb: entry.maxWeightLb, mailClass, maxValueCents });
};

/** The three mail classes the API sells, named and weighed as the catalog has them; First-Class takes $400 at most (IMM 254). */
export const USPS_INTERNATIONAL_SERVICES: readonly InternationalService[] = Object.freeze([
  service('usps_first_class_international', 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE', 40_000),
  service('usps_priority_international', 'PRIORITY_MAIL_INTERNATIONAL', null),
  service('usps_priority_express_international', 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL', null),
]);

export const internationalServiceOf = (uid: string): InternationalService | undefined => USPS_INTERNATIONAL_SERVICES.find((service) => service.uid === uid);

/** Whether the label leaves the US: its receiver's country is another (APO/FPO and territories stay domestic labels). */
export const goesAbroad = (shipment: LabelShipment): boolean => shipment.to.country !== 'US';

const CONTENT_TYPES: Readonly<Record<Customs['contents_type'], UspsCustomsContentType>> = {
  merchandise: 'MERCHANDISE',
  gift: 'GIFT',
  documents: 'DOCUMENT',
  sample: 'COMMERCIAL_SAMPLE',
  returned_goods: 'RETURNED_GOODS',
  other: 'OTHER',
};

/** USPS refuses these as an item's description, whatever their case (the spec's `itemDescription`). */
const VAGUE_DESCRIPTIONS = /^(none|not applicable|n\/a|null|gift|merchandise)$/i;

const toInternationalAddress = (address: LabelAddress): Mapped<UspsInternationalAddress> => {
  const postalCode = address.zip.trim();
  const province = address.state.trim();
  const lines = addressLinesOf(address, 'recipient', [
    [postalCode, 'postal code', 11],
    [province, 'province', 40],
  ]);
  if (!lines.ok) return lines;
  const code = address.country.toUpperCase();
  const phone = uspsPhone(address.phone);
  return {
    ok: true,
    value: {
      ...lines.value,
      ...(postalCode ? { postalCode } : {}),
      ...(province ? { province } : {}),
      country: countryName(code),
      countryISOAlpha2Code: code,
      ...(phone ? { phone } : {}),
    },
  };
};

const toCustomsForm = (customs: Customs, country: string): Mapped<UspsInternationalLabelRequest['customsForm']> => {
  const vague = customs.items.find((item) => VAGUE_DESCRIPTIONS.test(item.description.trim()));
  if (vague) return { ok: false, message: `USPS does not take "${vague.description}" as an item description: say what the item is.` };
  const explanation = customs.contents_explanation?.trim() ?? '';
  return {
    ok: true,
    value: {
      customsContentType: CONTENT_TYPES[customs.contents_type],
      ...(customs.contents_type === 'other' && explanation ? { contentComments: clip(explanation, 25).trim() } : {}),
      AESITN: eelPfcFor(customs, country),
      contents: customs.items.map((item) => ({
        itemDescription: clip(item.description.trim(), 30),
        itemQuantity: item.quantity,
        itemTotalValue: item.value_cents / 100,
        itemTotalWeight: item.weight_lb,
        weightUOM: 'lb',
        ...(item.hs_tariff_number ? { HSTariffNumber: item.hs_tariff_number } : {}),
        countryofOrigin: item.origin_country,
      })),
    },
  };
};

/** Shipment abroad → `InternationalLabelRequest`, or why USPS could not take it. */
export const toInternationalLabelRequest = (shipment: LabelShipment, context: LabelRequestContext): Mapped<UspsInternationalLabelRequest> => {
  const service = internationalServiceOf(shipment.serviceUid);
  if (!service) return { ok: false, message: `USPS sells no international service "${shipment.serviceUid}": choose Priority Mail International or another service abroad.` };
  const customs = customsOf(shipment);
  if (!customs) return { ok: false, message: 'USPS needs a customs declaration for a label abroad.' };
  if (customs.incoterm === 'DDP') return { ok: false, message: 'USPS is not asked to prepay duties and taxes here (DDP): choose DDU, or a carrier that sells DDP.' };
  const { weightLb, lengthIn, widthIn, heightIn } = shipment.package;
  if (!(weightLb > 0) || weightLb > service.maxWeightLb) return { ok: false, message: `${service.name} takes parcels from over 0 up to ${service.maxWeightLb} lb; this one weighs ${weightLb} lb.` };
  if (!(lengthIn > 0 && widthIn > 0 && heightIn > 0)) return { ok: false, message: 'USPS needs the length, width and height of the parcel, each greater than 0 inches.' };
  const valueCents = customs.items.reduce((sum, item) => sum + item.value_cents, 0);
  if (service.maxValueCents !== null && valueCents > service.maxValueCents) {
    return { ok: false, message: `${service.name} takes contents worth up to ${formatUsd(service.maxValueCents)}; these are worth ${formatUsd(valueCents)}: choose Priority Mail International.` };
  }
  const to = toInternationalAddress(shipment.to);
  if (!to.ok) return to;
  const from = toUspsAddress(shipment.from, 'sender');
  if (!from.ok) return from;
  const customsForm = toCustomsForm(customs, to.value.countryISOAlpha2Code);
  if (!customsForm.ok) return customsForm;
  const sender = context.shipper ? toSenderAddress(from.value, context.shipper) : null;
  if (sender && !sender.ok) return sender;
  const references = referencesOf(shipment).map((referenceNumber) => ({ referenceNumber }));
  return {
    ok: true,
    value: {
      imageInfo: { imageType: USPS_IMAGE_TYPES[formatOf(shipment)], labelType: '4X6LABEL' },
      toAddress: to.value,
      fromAddress: from.value,
      ...(sender ? { senderAddress: sender.value } : {}),
      packageDescription: {
        mailClass: service.mailClass,
        ...parcelOf(shipment, context.mailingDate),
        packageOptions: { nonDeliveryOption: customs.non_delivery_option === 'abandon' ? 'ABANDON' : 'RETURN' },
        ...(references.length > 0 ? { customerReference: references } : {}),
      },
      customsForm: customsForm.value,
    },
  };
};

/**
 * `InternationalLabelVendorResponse` → our label: the image (the label with its customs form pages, as USPS prints
 * them) decoded, cost = postage + extra services + fees. `labelApi: international` tells a void which API sold it.
 */
export const toBoughtInternationalLabel = (body: unknown, serviceUid: string, format: LabelFormat): Mapped<BoughtLabel> => {
  const parsed = internationalLabelResponseSchema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'its body';
    return { ok: false, message: `USPS answered an international label whose ${where} could not be read` };
  }
  const answer = parsed.data;
  const file = Buffer.from(answer.labelImage, 'base64');
  if (!isLabelFileOf(format, file)) return { ok: false, message: `USPS answered label ${answer.internationalTrackingNumber} with an image that is not ${FORMAT_NAMES[format]}` };
  const charges = [answer.postage, ...(answer.extraServices ?? []).map((item) => item.price ?? 0), ...(answer.fees ?? []).map((item) => item.price ?? 0)];
  return {
    ok: true,
    value: {
      carrier: 'usps',
      trackingNumber: answer.internationalTrackingNumber,
      serviceUid,
      format,
      file,
      costCents: charges.reduce((sum, dollars) => sum + dollarsToCents(dollars), 0),
      carrierRefs: { labelApi: 'international', ...(answer.SKU ? { sku: answer.SKU } : {}), ...(answer.internationalPriceGroup ? { priceGroup: answer.internationalPriceGroup } : {}) },
    },
  };
};
