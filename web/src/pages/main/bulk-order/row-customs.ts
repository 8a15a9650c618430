import { countryCodeOf, customsFromSkus } from '@labeldesk/contracts';
import type { CustomsFill, SkuLine, SkuRecord } from '@labeldesk/contracts';
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

export const rowCustomsFill = (values: BulkValues, items: readonly OrderItem[] | undefined, skus: readonly SkuRecord[] | undefined): CustomsFill | null => {
  if (!skus) return null;
  const receiver = { country: rowCountry(values), state: values.ToStateProvince };
  return customsFromSkus({ receiver, lines: skuLinesOf(values, items), signer: values.FromSenderName.trim() }, skus);
};
