import { packageWeightLb, type SkuWeights } from '../address/package-weight';
import type { StoreOrderItem, StoreOrderPackage } from './stores.schema';

/** What a SKU preset says about one item's package. */
export interface SkuPackageFacts extends SkuWeights {
  sku: string;
  length: number;
  width: number;
  height: number;
}

/**
 * An imported order's parcel from the seller's SKU presets, as a bulk row of an order's several items is weighed
 * (decision 091): every item's units × its unit weight in one box, the heaviest packaging among the items counted
 * once, rounded up to the hundredth of a pound; the box the largest of the items' (by volume), so every item fits.
 * Null when an item has no preset: the seller gives the weight, rather than a parcel being under-declared.
 */
export const storeOrderPackage = (items: readonly StoreOrderItem[], skus: readonly SkuPackageFacts[]): StoreOrderPackage | null => {
  if (items.length === 0) return null;
  const bySku = new Map(skus.map((preset) => [preset.sku.trim().toLowerCase(), preset]));
  const presets = items.map((item) => bySku.get(item.sku.trim().toLowerCase()));
  if (presets.some((preset) => preset === undefined)) return null;
  const known = presets as SkuPackageFacts[];
  const contents = items.reduce((sum, item, index) => sum + item.quantity * (known[index]?.weight ?? 0), 0);
  const packaging = Math.max(0, ...known.map((preset) => preset.packagingWeight));
  const box = known.reduce((best, preset) => (preset.length * preset.width * preset.height > best.length * best.width * best.height ? preset : best));
  return { weightLb: packageWeightLb({ weight: contents, packagingWeight: packaging }, 1), length: box.length, width: box.width, height: box.height };
};
