import { countryName } from '../address-rules/countries';
import { packageWeightLb } from '../address/package-weight';
import type { SkuRecord } from '../address/sku.schema';
import type { CustomsFill, CustomsFillRow } from './bulk-order-customs';
import { EU_COUNTRIES, type CustomsInput } from './customs.schema';

/**
 * A bulk row's own customs columns (issue 46, decision 116): the contents type, and one item's description, HS code,
 * origin and unit value where the row's SKUs do not give them (no SKU, a SKU not saved, or a saved SKU without its
 * customs defaults). A SKU's own defaults win over the columns; the columns fill the gaps.
 */
export interface RowCustomsColumns {
  /** `merchandise`, `gift`, `documents`, `sample`, `returned goods`, `other`; empty is merchandise. */
  contentsType: string;
  description: string;
  hsTariffNumber: string;
  originCountry: string;
  /** One unit's value in dollars as typed (`12.50`, `$12.50`); empty when not given. */
  value: string;
  /** The parcel's weight: what an item declared by the columns alone weighs (the units' own weight is unknown). */
  parcelWeightLb: number;
  /** The row's units, for an item declared by the columns alone. */
  quantity: number;
}

/** Whether the row fills any of its customs columns: when none, its SKUs alone declare it, as before. */
export const hasCustomsColumns = (columns: RowCustomsColumns): boolean =>
  [columns.contentsType, columns.description, columns.hsTariffNumber, columns.originCountry, columns.value].some((text) => text.trim() !== '');

/** `12.50`, `$12.50`, `12` → cents; null for anything else. */
export const dollarsToCents = (text: string): number | null => {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

type Gap = Extract<CustomsFill, { ok: false }>;

interface ItemFields {
  description: string;
  hsTariffNumber: string | null;
  originCountry: string;
  unitValueCents: number | null;
}

/** The first field a line lacks for this country, said with the column that would give it; null when it has all. */
const lineGap = (fields: ItemFields, what: string, country: string): Gap | null => {
  const where = countryName(country);
  if (!fields.hsTariffNumber && EU_COUNTRIES.has(country)) return { ok: false, field: 'hsTariffNumber', message: `${what} has no HS code and the row's Customs HS Code is empty; ${where} requires one` };
  if (!fields.description) return { ok: false, field: 'description', message: `${what} has no description to declare: fill the row's Customs Description` };
  if (!fields.originCountry) return { ok: false, field: 'originCountry', message: `${what} has no origin country: fill the row's Customs Origin` };
  if (fields.unitValueCents === null) return { ok: false, field: 'valueCents', message: `${what} has no customs value: fill the row's Customs Value` };
  return null;
};

/** The declaration of a row that fills its customs columns: one item per SKU line, or one item from the columns alone. */
export const customsFromColumns = (
  row: CustomsFillRow & { columns: RowCustomsColumns },
  skuNamed: (sku: string) => SkuRecord | undefined,
): CustomsFill => {
  const { columns } = row;
  const value = columns.value.trim();
  const columnValueCents = value === '' ? null : dollarsToCents(value);
  if (value !== '' && (columnValueCents === null || columnValueCents === 0)) {
    return { ok: false, field: 'valueCents', message: 'Customs Value must be an amount of one unit in dollars, like 12.50' };
  }
  const fromColumns = (record?: SkuRecord): ItemFields => ({
    description: record?.description || columns.description.trim(),
    hsTariffNumber: record?.hsTariffNumber || columns.hsTariffNumber.trim() || null,
    originCountry: record?.originCountry || columns.originCountry.trim(),
    unitValueCents: record?.valueCents ?? columnValueCents,
  });
  const lines = row.lines.length > 0 ? row.lines : [{ sku: '', quantity: columns.quantity }];
  const items: CustomsInput['items'] = [];
  for (const line of lines) {
    const record = line.sku === '' ? undefined : skuNamed(line.sku);
    const fields = fromColumns(record);
    const gap = lineGap(fields, line.sku === '' ? 'The row' : `SKU ${line.sku}`, row.receiver.country);
    if (gap) return gap;
    items.push({
      description: fields.description,
      quantity: line.quantity,
      value_cents: (fields.unitValueCents ?? 0) * line.quantity,
      // A saved SKU's units weigh what it says; otherwise the parcel's weight is shared among the lines.
      weight_lb: record ? packageWeightLb({ weight: record.weight, packagingWeight: 0 }, line.quantity) : Math.max(0.01, Math.ceil((columns.parcelWeightLb / lines.length) * 100) / 100),
      hs_tariff_number: fields.hsTariffNumber,
      origin_country: fields.originCountry,
    });
  }
  const contentsType = columns.contentsType.trim() || 'merchandise';
  // 'Other' contents must say what they are: the first item's description does.
  const explanation = /^other$/i.test(contentsType) ? { contents_explanation: items[0]?.description ?? '' } : {};
  return { ok: true, customs: { contents_type: contentsType, ...explanation, non_delivery_option: 'return', signer: row.signer, items } };
};
