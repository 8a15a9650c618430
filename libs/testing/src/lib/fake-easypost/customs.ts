import type { FakeFieldError } from './errors';
import { easyPostRecordedBody } from './recorded';
import { hexId, timestamp, type Json } from './shipment-json';

/**
 * `customs_info` on `POST /v2/shipments`, checked as EasyPost documents it (easypost-node `types/Customs`: every item
 * needs a description, a quantity, a value and a weight greater than zero, for the whole line, in dollars and ounces,
 * and a 2-letter origin country; `customs_signer` when `customs_certify`; `contents_explanation` for `other`) and
 * answered as the recorded CustomsInfo (recorded/customs.json `customsInfoCreated`).
 */

export const CONTENTS_TYPES = ['documents', 'gift', 'merchandise', 'returned_goods', 'sample', 'other'] as const;
const RESTRICTION_TYPES = ['none', 'other', 'quarantine', 'sanitary_phytosanitary_inspection'];

export interface FakeCustomsItem {
  description: string;
  quantity: number;
  /** Dollars, the whole line. */
  value: number;
  /** Ounces, the whole line. */
  weight: number;
  hsTariffNumber: string | null;
  originCountry: string;
}

export interface FakeCustomsInfo {
  contentsType: string;
  contentsExplanation: string | null;
  nonDeliveryOption: string;
  signer: string | null;
  eelPfc: string | null;
  items: FakeCustomsItem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
/** 6 to 10 digits, dots allowed between them as the HTS writes them (`6109.10.0012`). */
const HS_TARIFF = /^\d{4}(\.?\d{2}){1,3}$/;

const itemOf = (value: unknown, at: string, missing: FakeFieldError[], invalid: FakeFieldError[]): FakeCustomsItem | null => {
  if (!isRecord(value)) {
    invalid.push({ field: at, message: 'must be a customs item' });
    return null;
  }
  for (const field of ['description', 'quantity', 'value', 'weight', 'origin_country']) if (isBlank(value[field])) missing.push({ field: `${at}.${field}`, message: 'cannot be blank' });
  for (const field of ['quantity', 'value', 'weight']) if (!isBlank(value[field]) && !positive(value[field])) invalid.push({ field: `${at}.${field}`, message: 'must be a number greater than zero' });
  const origin = value['origin_country'];
  if (!isBlank(origin) && !(typeof origin === 'string' && /^[A-Z]{2}$/.test(origin))) invalid.push({ field: `${at}.origin_country`, message: 'must be a 2-letter country code' });
  const hs = value['hs_tariff_number'];
  if (!isBlank(hs) && !(typeof hs === 'string' && HS_TARIFF.test(hs))) invalid.push({ field: `${at}.hs_tariff_number`, message: 'must be 6 to 10 digits' });
  if (!isBlank(value['description']) && typeof value['description'] !== 'string') invalid.push({ field: `${at}.description`, message: 'must be a string' });
  return {
    description: String(value['description'] ?? ''),
    quantity: Number(value['quantity']),
    value: Number(value['value']),
    weight: Number(value['weight']),
    hsTariffNumber: typeof hs === 'string' && hs.trim() !== '' ? hs : null,
    originCountry: String(origin ?? ''),
  };
};

/** The customs declaration of a request, or null with its errors added (EasyPost's 422 field errors). */
export const validateCustomsInfo = (value: unknown, missing: FakeFieldError[], invalid: FakeFieldError[]): FakeCustomsInfo | null => {
  if (!isRecord(value)) {
    missing.push({ field: 'customs_info', message: 'is required for a shipment to another country' });
    return null;
  }
  const before = missing.length + invalid.length;
  const contentsType = value['contents_type'] ?? 'merchandise';
  if (!(CONTENTS_TYPES as readonly unknown[]).includes(contentsType)) invalid.push({ field: 'customs_info.contents_type', message: `must be one of ${CONTENTS_TYPES.join(', ')}` });
  if (contentsType === 'other' && isBlank(value['contents_explanation'])) missing.push({ field: 'customs_info.contents_explanation', message: 'cannot be blank when contents_type is other' });
  const nonDelivery = value['non_delivery_option'] ?? 'return';
  if (nonDelivery !== 'return' && nonDelivery !== 'abandon') invalid.push({ field: 'customs_info.non_delivery_option', message: 'must be return or abandon' });
  const restriction = value['restriction_type'] ?? 'none';
  if (!RESTRICTION_TYPES.includes(String(restriction))) invalid.push({ field: 'customs_info.restriction_type', message: `must be one of ${RESTRICTION_TYPES.join(', ')}` });
  if (value['customs_certify'] === true && isBlank(value['customs_signer'])) missing.push({ field: 'customs_info.customs_signer', message: 'cannot be blank when customs_certify is true' });
  if (isBlank(value['eel_pfc'])) missing.push({ field: 'customs_info.eel_pfc', message: 'cannot be blank: NOEEI 30.37(a) or the ITN filed' });
  const rawItems = value['customs_items'];
  if (!Array.isArray(rawItems) || rawItems.length === 0) missing.push({ field: 'customs_info.customs_items', message: 'cannot be blank' });
  const items = (Array.isArray(rawItems) ? rawItems : []).map((item, index) => itemOf(item, `customs_info.customs_items.${index}`, missing, invalid));
  if (missing.length + invalid.length > before) return null;
  return {
    contentsType: String(contentsType),
    contentsExplanation: typeof value['contents_explanation'] === 'string' ? value['contents_explanation'] : null,
    nonDeliveryOption: String(nonDelivery),
    signer: typeof value['customs_signer'] === 'string' ? value['customs_signer'] : null,
    eelPfc: typeof value['eel_pfc'] === 'string' ? value['eel_pfc'] : null,
    items: items.filter((item): item is FakeCustomsItem => item !== null),
  };
};

/** A number of dollars as EasyPost answers a CustomsItem's value (`"23.25"`). */
const dollarString = (dollars: number): string => dollars.toFixed(2);

/** The CustomsInfo EasyPost answers on the shipment, built on the recorded one. */
export const customsInfoJson = (customs: FakeCustomsInfo): Json => {
  const recorded = easyPostRecordedBody('customs', 'customsInfoCreated') as Json;
  const recordedItem = (recorded['customs_items'] as Json[])[0] ?? {};
  const now = timestamp();
  return {
    ...recorded,
    id: hexId('cstinfo'),
    created_at: now,
    updated_at: now,
    contents_type: customs.contentsType,
    contents_explanation: customs.contentsExplanation ?? '',
    customs_certify: customs.signer !== null,
    customs_signer: customs.signer ?? '',
    eel_pfc: customs.eelPfc ?? '',
    non_delivery_option: customs.nonDeliveryOption,
    customs_items: customs.items.map((item) => ({
      ...recordedItem,
      id: hexId('cstitem'),
      created_at: now,
      updated_at: now,
      description: item.description,
      hs_tariff_number: item.hsTariffNumber ?? '',
      origin_country: item.originCountry,
      quantity: item.quantity,
      value: dollarString(item.value),
      weight: item.weight,
    })),
  };
};
