import { randomBytes } from 'node:crypto';
import { easyPostRecordedBody } from './recorded';
import type { FakeCarrierAccount } from './carrier-accounts';
import { feeString, rateString, markedUp, type FakeRoute, type FakeService } from './rates';
import type { ValidShipmentRequest } from './validate';

/**
 * The fake's Shipment bodies, each made from the recorded body of its state (recorded/shipment.json): the recording's
 * keys and kinds, with this shipment's own values put in. No state is kept here.
 */

export type Json = Record<string, unknown>;

export const hexId = (prefix: string, bytes = 16) => `${prefix}_${randomBytes(bytes).toString('hex')}`;

/** EasyPost's two time formats: `2024-07-30T16:12:10Z` on most objects, `…+00:00` on addresses. */
export const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const addressTimestamp = () => timestamp().replace(/Z$/, '+00:00');

const recordedShipment = (name: 'created' | 'bought' | 'createdWithRateError'): Json => easyPostRecordedBody('shipment', name) as Json;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const orNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** An Address as EasyPost answers it (the recorded shipment's to_address), with the request's values. */
export const addressJson = (input: Json, verifications: Json = {}): Json => {
  const now = addressTimestamp();
  return {
    ...(recordedShipment('created')['to_address'] as Json),
    id: hexId('adr'),
    created_at: now,
    updated_at: now,
    name: orNull(input['name']),
    company: orNull(input['company']),
    street1: text(input['street1']),
    street2: orNull(input['street2']),
    city: text(input['city']),
    state: text(input['state']),
    zip: text(input['zip']),
    country: text(input['country']) || 'US',
    phone: orNull(input['phone']),
    email: orNull(input['email']),
    verifications,
  };
};

/** EasyPost's standardised form of a deliverable address: capitals, and a ZIP+4 (the fake's is always -0001). */
export const standardised = (input: Json): Json => {
  const upper = (value: unknown) => text(value).toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();
  const zip = text(input['zip']).trim();
  return { ...input, name: orNull(upper(input['name'])), street1: upper(input['street1']), street2: orNull(upper(input['street2'])), city: upper(input['city']), state: upper(input['state']), zip: /^\d{5}$/.test(zip) ? `${zip}-0001` : zip };
};

/** The recorded to_address verifications of a deliverable address (zip4 and delivery both successful). */
export const deliverableVerifications = (): Json => (recordedShipment('bought')['to_address'] as Json)['verifications'] as Json;

/** A recorded rate to build one from: of the same carrier and service if recorded, else the first of its carrier, else UPS's Ground. */
const recordedRateFor = (carrier: string, service: string): Json => {
  const rates = [...(recordedShipment('created')['rates'] as Json[]), ...((easyPostRecordedBody('carriers', 'upsRated') as Json)['rates'] as Json[])];
  const found = rates.find((rate) => rate['carrier'] === carrier && rate['service'] === service) ?? rates.find((rate) => rate['carrier'] === carrier) ?? rates.find((rate) => rate['service'] === 'Ground');
  if (!found) throw new Error(`no recorded rate to build a ${carrier} ${service} rate from`);
  return found;
};

/** The day a parcel sent today arrives after `days` working days, at the service's hour (UTC), as EasyPost dates it. */
export const deliveryDateOf = (days: number, hourUtc: number, from = new Date()): string => {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hourUtc));
  for (let left = days; left > 0; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
  }
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
};

/**
 * A Rate of the recorded shipment for the same carrier and service (recorded/shipment.json `created` for USPS,
 * recorded/carriers.json `upsRated` for UPS, whose keys the others share), priced and named for this one.
 */
export const rateJson = (rate: { account: FakeCarrierAccount; service: FakeService; route: FakeRoute; cents: number }, shipmentId: string, now: string): Json => {
  const { account, service, route, cents } = rate;
  const days = service.deliveryDays(route);
  return {
    ...recordedRateFor(account.carrier, service.service),
    id: hexId('rate'),
    created_at: now,
    updated_at: now,
    carrier: account.carrier,
    service: service.service,
    rate: rateString(cents),
    retail_rate: rateString(markedUp(cents, 130)),
    list_rate: rateString(markedUp(cents, 110)),
    delivery_days: days,
    est_delivery_days: days,
    delivery_date: service.deliveryHourUtc === null ? null : deliveryDateOf(days, service.deliveryHourUtc),
    delivery_date_guaranteed: service.guaranteed,
    shipment_id: shipmentId,
    carrier_account_id: account.id,
  };
};

/** The message EasyPost lists for an account that did not rate (recorded: a UPS `rate_error`). */
export const rateErrorJson = (account: FakeCarrierAccount, message: string): Json => ({
  ...((recordedShipment('createdWithRateError')['messages'] as Json[])[0] as Json),
  carrier: account.carrier,
  carrier_account_id: account.id,
  message,
});

/** A rated, unbought Shipment (recorded: `POST /v2/shipments`, 201). */
export const createdShipmentJson = (id: string, request: ValidShipmentRequest, rates: Json[], messages: Json[]): Json => {
  const now = timestamp();
  const recorded = recordedShipment('created');
  const parcel = recorded['parcel'] as Json;
  // What EasyPost adds to the options sent (the recording sent label_format and invoice_number).
  const { label_format: _asked, invoice_number: _sent, ...added } = recorded['options'] as Json;
  return {
    ...recorded,
    id,
    created_at: now,
    updated_at: now,
    reference: request.reference,
    options: { ...request.options, label_format: request.labelFormat, ...added },
    // A return's label goes the other way: EasyPost swaps the addresses it was sent (docs: Returns).
    from_address: addressJson(request.isReturn ? request.to_address : request.from_address),
    to_address: addressJson(request.isReturn ? request.from_address : request.to_address),
    is_return: request.isReturn,
    parcel: { ...parcel, id: hexId('prcl'), created_at: now, updated_at: now, length: request.parcel.length ?? null, width: request.parcel.width ?? null, height: request.parcel.height ?? null, predefined_package: request.predefinedPackage, weight: request.parcel.weight },
    rates,
    messages,
  };
};

/** A label file's address on the fake's file host, named as EasyPost's are (`…/postage_label/20240730/<hex>.png`). */
export const labelFileName = (extension: string): string => `${timestamp().slice(0, 10).replace(/-/g, '')}/${randomBytes(17).toString('hex')}.${extension}`;

export type FakeLabelFormat = 'PNG' | 'PDF' | 'ZPL';

export const FILE_TYPES: Readonly<Record<FakeLabelFormat, string>> = { PNG: 'image/png', PDF: 'application/pdf', ZPL: 'application/zpl' };

/** Where a format's address sits on a PostageLabel besides `label_url`. */
export const URL_FIELDS: Readonly<Record<'PDF' | 'ZPL', string>> = { PDF: 'label_pdf_url', ZPL: 'label_zpl_url' };

/**
 * What a buy adds to a Shipment (recorded: `POST /v2/shipments/:id/buy`, 200): the tracking code, the selected rate,
 * the postage label, the tracker, the insured amount and the fees. Every recorded buy insured the parcel for 50.00 and
 * charged an InsuranceFee of 0.50 besides the postage, and so does the fake's.
 */
export const boughtFields = (options: { selectedRate: Json; trackingCode: string; cents: number; labelUrl: string; format: FakeLabelFormat; tracker: Json; toAddress: Json; insured?: { amount: string; feeAmount: string } | null }): Json => {
  const now = timestamp();
  const recorded = recordedShipment('bought');
  const label = recorded['postage_label'] as Json;
  // Insurance asked at the buy replaces the recording account's default: its amount, and its fee (extras.ts).
  const insured = options.insured ?? null;
  const fees = (recorded['fees'] as Json[]).map((fee) => {
    if (fee['type'] === 'PostageFee') return { ...fee, amount: feeString(options.cents) };
    return fee['type'] === 'InsuranceFee' && insured ? { ...fee, amount: insured.feeAmount } : fee;
  });
  return {
    updated_at: now,
    tracking_code: options.trackingCode,
    selected_rate: { ...options.selectedRate, updated_at: now },
    postage_label: {
      ...label,
      id: hexId('pl'),
      created_at: now,
      updated_at: now,
      label_date: now,
      label_file_type: FILE_TYPES[options.format],
      label_url: options.labelUrl,
      ...(options.format === 'PNG' ? {} : { [URL_FIELDS[options.format]]: options.labelUrl }),
    },
    tracker: options.tracker,
    insurance: insured ? insured.amount : recorded['insurance'],
    fees,
    to_address: { ...standardised(options.toAddress), updated_at: addressTimestamp(), verifications: deliverableVerifications() },
  };
};
