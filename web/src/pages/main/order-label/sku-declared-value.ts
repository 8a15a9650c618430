import type { SkuRecord } from '@labeldesk/contracts';

/**
 * The value a parcel filled from a saved SKU starts its insurance at (decision 102): the SKU's value of one unit
 * (decision 100) times the quantity (1 when empty); null when the package is not a SKU's or the SKU has no value.
 */
export const skuDeclaredValueCents = (skus: readonly SkuRecord[], skuName: string, quantityText: string): number | null => {
  const sku = skuName.trim() === '' ? undefined : skus.find((one) => one.sku === skuName.trim());
  if (!sku || sku.valueCents === null) return null;
  const quantity = quantityText.trim() === '' ? 1 : Number(quantityText);
  return Number.isInteger(quantity) && quantity >= 1 ? sku.valueCents * quantity : null;
};
