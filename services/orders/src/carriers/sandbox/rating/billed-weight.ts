import type { CatalogService } from '../../catalog/shipping-service-catalog';
import type { Dimensions } from './parcel';
import { wholePoundsUp } from './parcel';

export interface BilledWeight {
  billedWeightLb: number;
  basis: 'actual' | 'dimensional';
  /** L × W × H ÷ divisor, whole pounds up; null when the service does not price this parcel by its size. */
  dimensionalWeightLb: number | null;
}

/**
 * USPS prices by size only above one cubic foot: "larger than 1 cubic foot (1,728 cubic inches) … L × W × H ÷ 166"
 * (usps.com, Priority Mail size and weight; research wave4.md, "Cheaper boxes").
 */
export const USPS_DIMENSIONAL_ABOVE_CUBIC_IN = 1_728;

/**
 * Each side rounded to the nearest whole inch (1.00–1.49 → 1, 1.50–1.99 → 2), multiplied: UPS, "Determine billable
 * weight" (ups.com help center); USPS and FedEx measure the same way.
 */
export const roundedCubicInches = (dimensions: Dimensions): number =>
  Math.round(dimensions.lengthIn) * Math.round(dimensions.widthIn) * Math.round(dimensions.heightIn);

const dimensionalWeightLb = (service: CatalogService, dimensions: Dimensions): number | null => {
  if (service.dimDivisor === null) return null;
  const cubicInches = roundedCubicInches(dimensions);
  if (service.courier === 'usps' && cubicInches <= USPS_DIMENSIONAL_ABOVE_CUBIC_IN) return null;
  return Math.ceil(cubicInches / service.dimDivisor);
};

/** The weight a service bills: the actual weight or the dimensional weight, whichever is more, in whole pounds. */
export const billedWeight = (service: CatalogService, dimensions: Dimensions, weightLb: number): BilledWeight => {
  const actualLb = wholePoundsUp(weightLb);
  const dimensionalLb = dimensionalWeightLb(service, dimensions);
  if (dimensionalLb !== null && dimensionalLb > actualLb) return { billedWeightLb: dimensionalLb, basis: 'dimensional', dimensionalWeightLb: dimensionalLb };
  return { billedWeightLb: actualLb, basis: 'actual', dimensionalWeightLb: dimensionalLb };
};
