import { DELIVERY_CONFIRMATIONS, USPS_PREDEFINED_PACKAGES } from './extras';
import { recordedError, type FakeApiError, type FakeFieldError } from './errors';
import type { FakeCarrierAccount } from './carrier-accounts';
import type { FakeLabelFormat } from './shipment-json';
import { validateCustomsInfo, type FakeCustomsInfo } from './customs';

/**
 * What the fake checks in `POST /v2/shipments`, answering EasyPost's error shape. Recorded by EasyPost (easypost-node
 * cassettes, recorded/error.json): `PARAMETER.REQUIRED` with `{field:"shipment", message:"cannot be blank"}`, and
 * `ADDRESS.VERIFY.FAILURE` with `E.ADDRESS.NOT_FOUND` for "000 unknown street" / ZIP 00001, both HTTP 422.
 * `PARAMETER.INVALID` follows the same pattern for a present but wrong value; its exact code is not in a recording.
 */

export interface ValidShipmentRequest {
  from_address: Record<string, unknown>;
  to_address: Record<string, unknown>;
  parcel: { length?: number; width?: number; height?: number; weight: number };
  labelFormat: FakeLabelFormat;
  options: Record<string, unknown>;
  reference: string | null;
  /** The accounts asked to rate it: every account when the request names none, as EasyPost rates with all of them. */
  carrierAccounts: readonly FakeCarrierAccount[];
  /** The receiver's country when it is not the US (an international shipment), else null. */
  destinationCountry: string | null;
  /** The customs declaration: required abroad, null at home. */
  customs: FakeCustomsInfo | null;
  /** `is_return: true`: a return label, asked with the outbound addresses, which EasyPost swaps (docs: Returns). */
  isReturn: boolean;
  /** `options.delivery_confirmation` (a signature asked), null for none. */
  deliveryConfirmation: string | null;
  /** `parcel.predefined_package` (USPS Flat Rate packaging by EasyPost's name), null for the sender's own box. */
  predefinedPackage: string | null;
}

/** USPS's limit, 70 lb, in ounces. */
export const MAX_WEIGHT_OZ = 1120;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The addresses the fake cannot deliver to: the recorded one (EasyPost/examples' "incorrect" address, "000 unknown
 * street", ZIP 00001), and ZIP 00000 or "000 Undeliverable …" for tests that want a refusal of their own.
 */
export const isUndeliverable = (address: Record<string, unknown>): boolean =>
  /^0000[01]/.test(String(address['zip'] ?? '')) || /^000 (undeliverable|unknown street)\b/i.test(String(address['street1'] ?? '').trim());

/**
 * The fake sells labels from the US: a sender abroad is refused. A receiver abroad needs a street, a city and a
 * 2-letter country; its postal code and province are the country's own (no US ZIP or state rules).
 */
const addressErrors = (name: string, address: unknown, missing: FakeFieldError[], invalid: FakeFieldError[]) => {
  if (!isRecord(address)) {
    missing.push({ field: name, message: 'cannot be blank' });
    return;
  }
  const country = address['country'];
  const abroad = !isBlank(country) && country !== 'US';
  for (const field of abroad ? ['street1', 'city'] : ['street1', 'city', 'state', 'zip']) {
    if (isBlank(address[field])) missing.push({ field: `${name}.${field}`, message: 'cannot be blank' });
  }
  if (isBlank(address['name']) && isBlank(address['company'])) missing.push({ field: `${name}.name`, message: 'cannot be blank when there is no company' });
  if (abroad) {
    if (!(typeof country === 'string' && /^[A-Z]{2}$/.test(country))) invalid.push({ field: `${name}.country`, message: 'must be a 2-letter ISO country code' });
    else if (name === 'from_address') invalid.push({ field: `${name}.country`, message: 'must be US: this fake sells labels from the US only' });
    return;
  }
  const zip = address['zip'];
  if (!isBlank(zip) && !(typeof zip === 'string' && /^\d{5}(-\d{4})?$/.test(zip))) invalid.push({ field: `${name}.zip`, message: 'must be a 5-digit ZIP code or ZIP+4' });
  const state = address['state'];
  if (!isBlank(state) && !(typeof state === 'string' && /^[A-Za-z]{2}$/.test(state))) invalid.push({ field: `${name}.state`, message: 'must be a two-letter state code' });
};

const dimensionErrors = (parcel: Record<string, unknown>, invalid: FakeFieldError[]) => {
  for (const field of ['length', 'width', 'height']) {
    const value = parcel[field];
    if (value !== undefined && value !== null && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
      invalid.push({ field: `parcel.${field}`, message: 'must be a number of inches greater than 0' });
    }
  }
};

/**
 * `carrier_accounts`: ids (`["ca_…"]`, as easypost-java's cassettes send it) or `{id}` objects (EasyPost accepts
 * either for any object it references by id). An id the fake does not hold is invalid: no recording shows what
 * EasyPost answers for one.
 */
const carrierAccountsOf = (value: unknown, held: readonly FakeCarrierAccount[], invalid: FakeFieldError[]): readonly FakeCarrierAccount[] => {
  if (value === undefined || value === null) return held;
  if (!Array.isArray(value)) {
    invalid.push({ field: 'carrier_accounts', message: 'must be a list of carrier account ids' });
    return [];
  }
  const ids = value.map((item: unknown) => (typeof item === 'string' ? item : isRecord(item) && typeof item['id'] === 'string' ? item['id'] : null));
  const accounts = ids.map((id) => held.find((account) => account.id === id));
  ids.forEach((id, index) => {
    if (!accounts[index]) invalid.push({ field: `carrier_accounts.${index}`, message: `${id ?? 'this item'} is not a carrier account of this API key` });
  });
  const known = accounts.filter((account): account is FakeCarrierAccount => account !== undefined);
  return ids.length === 0 ? held : [...new Set(known)];
};

/** The create request, or the error EasyPost would answer for it. */
export const validateCreateShipment = (body: unknown, held: readonly FakeCarrierAccount[]): ValidShipmentRequest | FakeApiError => {
  const shipment = isRecord(body) ? body['shipment'] : undefined;
  if (!isRecord(shipment)) return recordedError('parameterRequired');
  const missing: FakeFieldError[] = [];
  const invalid: FakeFieldError[] = [];
  addressErrors('from_address', shipment['from_address'], missing, invalid);
  addressErrors('to_address', shipment['to_address'], missing, invalid);

  const parcel = shipment['parcel'];
  if (!isRecord(parcel)) missing.push({ field: 'parcel', message: 'cannot be blank' });
  else {
    const weight = parcel['weight'];
    if (isBlank(weight)) missing.push({ field: 'parcel.weight', message: 'cannot be blank' });
    else if (!(typeof weight === 'number' && Number.isFinite(weight) && weight > 0 && weight <= MAX_WEIGHT_OZ)) {
      invalid.push({ field: 'parcel.weight', message: `must be a number of ounces greater than 0 and at most ${MAX_WEIGHT_OZ}` });
    }
    dimensionErrors(parcel, invalid);
    const predefined = parcel['predefined_package'];
    if (predefined != null && !(typeof predefined === 'string' && (USPS_PREDEFINED_PACKAGES as readonly string[]).includes(predefined))) {
      invalid.push({ field: 'parcel.predefined_package', message: `must be one of EasyPost's USPS predefined packages (${USPS_PREDEFINED_PACKAGES.join(', ')})` });
    }
  }

  const options = isRecord(shipment['options']) ? shipment['options'] : {};
  // EasyPost's labels are PNG unless another format is asked (every recording asked PNG and got one).
  const labelFormat = options['label_format'] ?? 'PNG';
  if (labelFormat !== 'PNG' && labelFormat !== 'PDF' && labelFormat !== 'ZPL') invalid.push({ field: 'options.label_format', message: 'must be PNG, PDF or ZPL: this fake renders no EPL2 labels' });
  const labelSize = options['label_size'] ?? '4x6';
  if (labelSize !== '4x6') invalid.push({ field: 'options.label_size', message: 'must be 4x6' });
  const reference = shipment['reference'];
  if (reference !== undefined && reference !== null && typeof reference !== 'string') invalid.push({ field: 'reference', message: 'must be a string' });
  const carrierAccounts = carrierAccountsOf(shipment['carrier_accounts'], held, invalid);
  const to = isRecord(shipment['to_address']) ? shipment['to_address'] : {};
  const destinationCountry = typeof to['country'] === 'string' && to['country'] !== 'US' && to['country'].trim() !== '' ? to['country'] : null;
  // Abroad a declaration is required; at home one sent is still checked (APO/FPO and territories take one).
  const customs = destinationCountry !== null || shipment['customs_info'] != null ? validateCustomsInfo(shipment['customs_info'], missing, invalid) : null;
  const incoterm = options['incoterm'];
  if (incoterm !== undefined && incoterm !== 'DDU' && incoterm !== 'DDP') invalid.push({ field: 'options.incoterm', message: 'must be DDU or DDP' });
  const confirmation = options['delivery_confirmation'];
  if (confirmation != null && !(typeof confirmation === 'string' && (DELIVERY_CONFIRMATIONS as readonly string[]).includes(confirmation))) {
    invalid.push({ field: 'options.delivery_confirmation', message: `must be one of ${DELIVERY_CONFIRMATIONS.join(', ')}` });
  }

  if (missing.length > 0) return { status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: missing };
  if (invalid.length > 0) return { status: 422, code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors: invalid };

  const from = shipment['from_address'] as Record<string, unknown>;
  if (isUndeliverable(from) || isUndeliverable(to)) return recordedError('addressNotFound');
  return {
    from_address: from,
    to_address: to,
    parcel: parcel as ValidShipmentRequest['parcel'],
    labelFormat: labelFormat as FakeLabelFormat,
    options,
    reference: typeof reference === 'string' ? reference : null,
    carrierAccounts,
    destinationCountry,
    customs,
    isReturn: shipment['is_return'] === true,
    deliveryConfirmation: typeof confirmation === 'string' && confirmation !== 'NO_SIGNATURE' ? confirmation : null,
    predefinedPackage: isRecord(parcel) && typeof parcel['predefined_package'] === 'string' ? parcel['predefined_package'] : null,
  };
};
