import { COURIER_NAMES, type Courier } from '@labeldesk/contracts';
import type { BoughtLabel, CarrierRate, LabelAddress, LabelFormat, LabelShipment, VoidOutcome } from '../carrier.port';
import { formatOf } from '../label-file';
import { customsOf } from '../customs/shipment-customs';
import type { EasyPostApiError } from './easypost.client';
import { toEasyPostCustomsInfo } from './easypost-customs';
import { deliveryConfirmationOf, predefinedPackageOf } from './easypost-extras';
import { courierOfCarrier, EASYPOST_CARRIERS, EASYPOST_SHIPPING_SERVICES, rateIsOf, shippingServiceOf, shippingServiceOfRate } from './easypost-services';
import type { EasyPostAddressInput, EasyPostCreateShipmentRequest, EasyPostRate, EasyPostRefundStatus, EasyPostShipment } from './easypost.schema';

/**
 * Our shipment ⇄ EasyPost's payloads, with no I/O: tested on EasyPost's own recorded answers (`easyPostRecorded` of
 * @labeldesk/testing; its fake-easypost/recorded/README.md names each cassette).
 */

export { EASYPOST_SHIPPING_SERVICES, shippingServiceOf, shippingServiceOfRate, type EasyPostShippingService } from './easypost-services';

import { ouncesOfWeight as ouncesOf } from './easypost-weight';

export { ouncesOf };

/** A state or postal code is left out where the country has none (an empty string is no value to EasyPost). */
const addressOf = (address: LabelAddress): EasyPostAddressInput => ({
  name: address.name,
  ...(address.company ? { company: address.company } : {}),
  ...(address.phone ? { phone: address.phone } : {}),
  street1: address.street1,
  ...(address.street2 ? { street2: address.street2 } : {}),
  city: address.city,
  ...(address.state ? { state: address.state } : {}),
  ...(address.zip ? { zip: address.zip } : {}),
  country: address.country,
});

/**
 * `POST /v2/shipments`; the reference is the purchase's idempotency key, so EasyPost's records name our row (none for
 * a rate quote). `carrier_accounts` names the accounts to rate with, as ids (`["ca_…"]`, as easypost-java's cassettes
 * send it); without it EasyPost rates with every account of the API key.
 */
export const toCreateShipmentRequest = (shipment: LabelShipment, reference: string | null, carrierAccounts: readonly string[] = []): EasyPostCreateShipmentRequest => {
  const { package: parcel } = shipment;
  const customs = customsOf(shipment);
  // A return is asked as EasyPost's docs say: the outbound shipment's addresses and is_return; EasyPost swaps them.
  const [from, to] = shipment.isReturn ? [shipment.to, shipment.from] : [shipment.from, shipment.to];
  // A Flat Rate box or envelope is named instead of measured (EasyPost: "either a predefined_package or dimensions").
  const predefined = predefinedPackageOf(shipment);
  const confirmation = deliveryConfirmationOf(shipment);
  return {
    shipment: {
      from_address: addressOf(from),
      to_address: addressOf(to),
      parcel:
        typeof predefined === 'string' && predefined !== 'unsold'
          ? { predefined_package: predefined, weight: ouncesOf(parcel.weightLb) }
          : { length: parcel.lengthIn, width: parcel.widthIn, height: parcel.heightIn, weight: ouncesOf(parcel.weightLb) },
      options: {
        label_format: formatOf(shipment),
        label_size: '4x6',
        // The spec's package references (quantity, SKU) printed on the label, as the sandbox prints them.
        ...(parcel.reference1 ? { print_custom_1: parcel.reference1 } : {}),
        ...(parcel.reference2 ? { print_custom_2: parcel.reference2 } : {}),
        ...(customs?.incoterm ? { incoterm: customs.incoterm } : {}),
        ...(confirmation ? { delivery_confirmation: confirmation } : {}),
      },
      ...(customs ? { customs_info: toEasyPostCustomsInfo(customs, shipment.to.country) } : {}),
      ...(reference !== null ? { reference } : {}),
      ...(carrierAccounts.length > 0 ? { carrier_accounts: [...carrierAccounts] } : {}),
      ...(shipment.isReturn ? { is_return: true as const } : {}),
    },
  };
};

const cheapestOf = (rates: readonly EasyPostRate[]): EasyPostRate | null =>
  rates.reduce<EasyPostRate | null>((cheapest, rate) => (cheapest === null || microsOf(rate.rate) < microsOf(cheapest.rate) ? rate : cheapest), null);

/** The rate of the shipping service (its courier's carrier and its service); the cheapest when several accounts rated it. */
export const pickRate = (rates: readonly EasyPostRate[], shippingServiceUid: string): EasyPostRate | null => cheapestOf(rates.filter((rate) => rateIsOf(rate, shippingServiceUid)));

/** One catalog service's rate for a shipment, as `rates` answers it (EasyPost `delivery_date` is ISO 8601; USPS gives none). */
export type EasyPostServiceRate = CarrierRate;

/**
 * A rated shipment's rates → one per catalog service of the couriers asked for, the cheapest account's when several
 * rated it, in the catalog's order. Rates of services outside the catalog (UPS NextDayAirSaver, …) are left out.
 */
export const serviceRatesOf = (rates: readonly EasyPostRate[], couriers: ReadonlySet<Courier>): EasyPostServiceRate[] =>
  EASYPOST_SHIPPING_SERVICES.filter((shippingService) => couriers.has(shippingService.courier)).flatMap(({ uid }) => {
    const rate = pickRate(rates, uid);
    return rate ? [{ serviceUid: uid, costCents: rateCentsOf(rate), deliveryDays: rate.delivery_days ?? null, deliveryDate: rate.delivery_date ?? null }] : [];
  });

const MICROS_PER_DOLLAR = 1_000_000n;
const MICROS_PER_CENT = 10_000n;

/**
 * A decimal dollar string in millionths of a dollar, exactly (EasyPost: `"5.93"` rates, `"5.93000"` fees). Digits
 * past the sixth decimal are rounded half up; money never passes through a float.
 */
export const microsOf = (decimal: string): bigint => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new RangeError(`not a decimal amount: ${decimal}`);
  const [, whole = '0', fraction = ''] = match;
  const kept = BigInt(fraction.slice(0, 6).padEnd(6, '0'));
  const roundUp = (fraction[6] ?? '0') >= '5' ? 1n : 0n;
  return BigInt(whole) * MICROS_PER_DOLLAR + kept + roundUp;
};

/** Millionths of a dollar → whole cents, half up (the sum is rounded once, never each part). */
const centsOfMicros = (micros: bigint): number => Number((micros + MICROS_PER_CENT / 2n) / MICROS_PER_CENT);

/** What a rate costs us, whole cents. */
export const rateCentsOf = (rate: EasyPostRate): number => centsOfMicros(microsOf(rate.rate));

/** The selected rate's retail rate, whole cents; null when EasyPost gave none. */
export const retailCentsOf = (shipment: EasyPostShipment): number | null => {
  const retail = shipment.selected_rate?.retail_rate;
  return retail ? centsOfMicros(microsOf(retail)) : null;
};

/**
 * What EasyPost charged for a bought shipment: the selected rate plus every fee charged and not refunded, except
 * `PostageFee`. EasyPost lists the postage itself as a `PostageFee` equal to the rate (the recorded buy: rate
 * `"5.93"`, PostageFee `"5.93000"`, InsuranceFee `"0.50000"`), so counting it too would bill the postage twice.
 */
export const costCentsOf = (shipment: EasyPostShipment): number => {
  const rate = shipment.selected_rate;
  const charges = shipment.fees.filter((fee) => fee.charged && !fee.refunded);
  const postage = rate ? microsOf(rate.rate) : charges.filter((fee) => fee.type === 'PostageFee').reduce((sum, fee) => sum + microsOf(fee.amount), 0n);
  const extras = charges.filter((fee) => fee.type !== 'PostageFee').reduce((sum, fee) => sum + microsOf(fee.amount), 0n);
  return centsOfMicros(postage + extras);
};

/** What `label_file_type` says when `label_url` itself is the file of a format. */
const FILE_TYPES: Readonly<Record<LabelFormat, RegExp>> = { PDF: /^application\/pdf$/i, ZPL: /zpl/i };

/**
 * The label file's address in the format asked for: `label_pdf_url` or `label_zpl_url`, or `label_url` when its
 * `label_file_type` is that format. Null when the shipment names none: every recorded buy answered a PNG `label_url`
 * (`image/png`) with both others null, so the file then comes from EasyPost's label conversion.
 */
export const labelFileUrlOf = (shipment: EasyPostShipment, format: LabelFormat): string | null => {
  const label = shipment.postage_label;
  if (!label) return null;
  const own = format === 'ZPL' ? label.label_zpl_url : label.label_pdf_url;
  if (own) return own;
  return label.label_url && label.label_file_type && FILE_TYPES[format].test(label.label_file_type) ? label.label_url : null;
};

/** Postage was bought: EasyPost attaches the postage label (with at least one file address) only then. */
export const isBought = (shipment: EasyPostShipment): boolean => {
  const label = shipment.postage_label;
  return label != null && (label.label_url ?? label.label_pdf_url ?? label.label_zpl_url ?? null) !== null;
};

/**
 * A bought shipment and its downloaded file → our label, under the catalog uid of its rate; null when the shipment
 * lacks what a label needs (no tracking code, or no selected rate of a service we sell).
 */
export const toBoughtLabel = (shipment: EasyPostShipment, format: LabelFormat, file: Buffer): BoughtLabel | null => {
  const rate = shipment.selected_rate;
  const shippingService = rate ? shippingServiceOfRate(rate.carrier, rate.service) : undefined;
  if (!rate || !shippingService || !shipment.tracking_code) return null;
  return {
    carrier: 'easypost',
    trackingNumber: shipment.tracking_code,
    serviceUid: shippingService.uid,
    format,
    file,
    costCents: costCentsOf(shipment),
    retailCents: retailCentsOf(shipment),
    // The account that sold it, so its return is bought on the same one (decision 125).
    carrierRefs: { shipmentId: shipment.id, rateId: rate.id, ...(shipment.tracker ? { trackerId: shipment.tracker.id } : {}), ...(rate.carrier_account_id ? { carrierAccountId: rate.carrier_account_id } : {}) },
  };
};

/** A courier's name from EasyPost's carrier name (`UPS` for `UPSDAP`), USPS for none we know. */
export const courierNameOfCarrier = (carrier: string | null | undefined): string => COURIER_NAMES[(carrier ? courierOfCarrier(carrier) : undefined) ?? 'usps'];

/** The courier's name of a shipment's bought rate. */
export const courierNameOf = (shipment: Pick<EasyPostShipment, 'selected_rate'>): string => courierNameOfCarrier(shipment.selected_rate?.carrier);

/**
 * A refund's state → the void outcome; null when there is none yet (or a rejected one: asking again is allowed).
 * EasyPost answers UPS and FedEx refunds as it answers USPS ones (`refund_status`, docs.easypost.com "Shipping
 * Refund"), within 90 days of the label where USPS allows 30.
 */
export const voidOutcomeOfRefund = (status: EasyPostRefundStatus | null | undefined, shipmentId: string, courierName = 'USPS'): VoidOutcome | null => {
  switch (status) {
    case 'submitted':
      return { kind: 'refund_pending', refundRef: shipmentId };
    case 'refunded':
      return { kind: 'voided' };
    case 'not_applicable':
      return { kind: 'refused', message: `${courierName} does not refund this label: it has been used or is past the refund window.` };
    default:
      return null;
  }
};

const PARTS: Record<string, string> = { to_address: 'recipient', from_address: 'sender', parcel: 'package', customs_info: 'customs', customs_items: 'item' };
const LEAVES: Record<string, string> = {
  zip: 'ZIP code',
  street1: 'street',
  street2: 'second address line',
  weight: 'weight',
  address: 'address',
  hs_tariff_number: 'HS tariff number',
  origin_country: 'origin country',
  eel_pfc: 'export filing (EEL/PFC)',
  customs_signer: 'signer',
};

/** `to_address.zip` → `recipient ZIP code`: a request field as a customer would name it. */
export const fieldInWords = (field: string): string =>
  field
    .split('.')
    .map((part) => PARTS[part] ?? LEAVES[part] ?? part.replace(/_/g, ' '))
    .join(' ');

/** No braces, brackets or runs of spaces reach a customer, whatever EasyPost wrote. */
const plain = (text: string): string => text.replace(/[{}[\]]/g, '').replace(/\s+/g, ' ').trim().slice(0, 300);

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
const withoutFullStop = (text: string): string => text.replace(/[.\s]+$/, '');

const detailsOf = (error: EasyPostApiError): string =>
  error.errors
    .filter((item) => item.message)
    // `address: Address not found` says it twice: only a narrower field is worth naming.
    .map((item) => withoutFullStop(item.field && item.field !== 'address' ? `${fieldInWords(item.field)} ${item.message}` : item.message))
    .join('; ');

/** An EasyPost refusal in plain words for the customer whose row failed. */
export const refusalMessageOf = (error: EasyPostApiError): string => {
  const details = detailsOf(error);
  const isAddress = error.code.startsWith('ADDRESS.') || error.errors.some((item) => item.code?.startsWith('E.ADDRESS') ?? false);
  if (isAddress) {
    return plain(`${sentence(`The address could not be found${details ? ` (${details})` : ''}`)} Check the street, city, state and ZIP code.`);
  }
  if (error.code.startsWith('PARAMETER.') || error.code.endsWith('INVALID_PARAMS')) {
    return plain(sentence(`EasyPost refused the shipment: ${details || withoutFullStop(error.message)}`));
  }
  return plain(sentence(`EasyPost refused the shipment: ${withoutFullStop(error.message)}${details ? ` (${details})` : ''}`));
};

/** Why no rate fits ("UPS Ground is not offered for this shipment"), with the courier's own reason when EasyPost passed one on. */
export const noRateMessageOf = (shipment: EasyPostShipment, shippingServiceUid: string): string => {
  const shippingService = shippingServiceOf(shippingServiceUid);
  const carriers = EASYPOST_CARRIERS[shippingService?.courier ?? 'usps'];
  const reason = shipment.messages.find((message) => message.carrier == null || carriers.includes(message.carrier))?.message;
  return plain(sentence(`${shippingService?.name ?? shippingServiceUid} is not offered for this shipment${reason ? ` (${withoutFullStop(reason)})` : ''}`));
};
