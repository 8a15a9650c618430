/** What a SKU says about weight: each unit's weight and the box and padding around any number of them. */
export interface SkuWeights {
  /** Weight per unit (lb): the `weight` of a SKU record. */
  weight: number;
  /** Packaging weight (lb), counted once per package; 0 when the SKU has none. */
  packagingWeight: number;
}

/**
 * The weight of a package holding `units` of a SKU: n × unit + packaging, in pounds. Kept to hundredths of a pound
 * and rounded up, never down: 3 × 0.1 is 0.3, not 0.30000000000000004, and a package is never declared lighter
 * than it is (under-declared postage is charged back to the seller by USPS).
 */
export const packageWeightLb = (sku: SkuWeights, units: number): number => {
  const count = Number.isFinite(units) && units >= 1 ? Math.floor(units) : 1;
  const packaging = Number.isFinite(sku.packagingWeight) && sku.packagingWeight > 0 ? sku.packagingWeight : 0;
  const exact = count * sku.weight + packaging;
  // The inner rounding drops binary noise first, so an exact 0.3 is not pushed up to 0.31.
  return Math.ceil(Math.round(exact * 1e6) / 1e4) / 100;
};
