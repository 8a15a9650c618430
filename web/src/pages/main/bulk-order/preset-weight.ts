import { packageWeightLb } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import type { BulkValues } from './bulk-rows';

/** The saved preset a row's SKU names, matched as the user types it (case and spaces aside). */
export const presetNamed = (skus: readonly SkuRecord[], sku: string): SkuRecord | undefined => {
  const wanted = sku.trim().toLowerCase();
  return wanted === '' ? undefined : skus.find((preset) => preset.sku.trim().toLowerCase() === wanted);
};

/** The units a row ships in its one package; an empty or unreadable quantity is one unit (as the server reads it). */
export const unitsOf = (quantity: string): number => {
  const value = Number(quantity.trim());
  return quantity.trim() !== '' && Number.isInteger(value) && value >= 1 ? value : 1;
};

/** The row's package weight from its preset: units × weight per unit + packaging weight, as the weight cell shows it. */
export const presetPackageWeight = (preset: SkuRecord, quantity: string): string => String(packageWeightLb(preset, unitsOf(quantity)));

/**
 * After the quantity of a row changes, its weight follows when it still is the preset's weight for the old
 * quantity; a weight the user typed is theirs and stays.
 */
export const weightAfterQuantityChange = (before: BulkValues, quantity: string, preset: SkuRecord | undefined): string => {
  if (!preset || before.PackageWeight.trim() === '') return before.PackageWeight;
  const filled = Number(before.PackageWeight) === Number(presetPackageWeight(preset, before.quantity));
  return filled ? presetPackageWeight(preset, quantity) : before.PackageWeight;
};
