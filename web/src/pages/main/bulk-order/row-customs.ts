import { countryCodeOf, customsFromSkus } from '@labeldesk/contracts';
import type { CustomsFill, CustomsFillField, RowCustomsColumns, SkuLine, SkuRecord } from '@labeldesk/contracts';
import type { BulkTemplateColumn } from '@labeldesk/contracts';
import type { BulkValues } from './bulk-rows';
import type { OrderItem } from './order-items';

/**
 * A row abroad gets its customs from its SKUs (issue 46, decision 100): the row's SKU and quantity, or each of its
 * items, and the sender signs. Null when the row needs none (at home) or the SKUs are not loaded yet.
 */

/** A quantity cell as a whole count of units; empty is 1, as the contract reads it. */
const unitsIn = (text: string): number => {
  const value = Number(text.trim() === '' ? 1 : text.trim());
  return Number.isInteger(value) && value > 0 ? value : 1;
};

/** The row's country as its ISO code ('Canada', 'ca', 'CAN' are CA); an empty cell is the United States. */
export const rowCountry = (values: BulkValues): string => {
  const text = values.ToCountry.trim();
  return text === '' ? 'US' : (countryCodeOf(text) ?? text.toUpperCase());
};

export const skuLinesOf = (values: BulkValues, items?: readonly OrderItem[]): SkuLine[] => {
  if (items && items.length > 0) return items.filter((item) => item.sku.trim() !== '').map((item) => ({ sku: item.sku.trim(), quantity: unitsIn(item.quantity) }));
  const sku = values.skuNumber.trim();
  return sku === '' ? [] : [{ sku, quantity: unitsIn(values.quantity) }];
};

/** The row's own customs columns (decision 116), for what its SKUs do not give. */
export const customsColumnsOf = (values: BulkValues): RowCustomsColumns => {
  const weight = Number(values.PackageWeight.trim());
  return {
    contentsType: values.ContentsType,
    description: values.CustomsDescription,
    hsTariffNumber: values.CustomsHsCode,
    originCountry: values.CustomsOrigin,
    value: values.CustomsValue,
    parcelWeightLb: Number.isFinite(weight) && weight > 0 ? weight : 0.01,
    quantity: unitsIn(values.quantity),
  };
};

/** The column a customs refusal is shown on, by the part of the declaration it is about. */
export const CUSTOMS_FIELD_COLUMNS: Readonly<Record<CustomsFillField, BulkTemplateColumn>> = {
  contentsType: 'ContentsType',
  description: 'CustomsDescription',
  hsTariffNumber: 'CustomsHsCode',
  originCountry: 'CustomsOrigin',
  valueCents: 'CustomsValue',
};

export const rowCustomsFill = (values: BulkValues, items: readonly OrderItem[] | undefined, skus: readonly SkuRecord[] | undefined): CustomsFill | null => {
  if (!skus) return null;
  const receiver = { country: rowCountry(values), state: values.ToStateProvince };
  return customsFromSkus({ receiver, lines: skuLinesOf(values, items), signer: values.FromSenderName.trim(), columns: customsColumnsOf(values) }, skus);
};

/** Where a row's customs refusal shows: on the customs column it is about, else the SKU cell, else the country. */
export const customsErrorColumn = (fill: Extract<CustomsFill, { ok: false }>, values: BulkValues, items: readonly OrderItem[] | undefined): BulkTemplateColumn => {
  if (fill.field) return CUSTOMS_FIELD_COLUMNS[fill.field];
  return values.skuNumber.trim() === '' && !items?.length ? 'ToCountry' : 'skuNumber';
};
