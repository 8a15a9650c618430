import type { Dimensions } from './parcel';
import { sidesLongestFirst } from './parcel';

/**
 * USPS Cubic pricing (Priority Mail Cubic, Ground Advantage Cubic), as Pirate Ship's "What is Priority Mail Cubic?"
 * and research wave4.md state it: outer sides each rounded DOWN to the ¼ inch, L × W × H ÷ 1,728 = cubic feet, the
 * price tier is that rounded UP to the next 0.1 ft³ (0.202 ft³ → tier 0.3); up to 0.5 ft³, 20 lb, and 18 in on any side.
 */
export const CUBIC_MAX_WEIGHT_LB = 20;
export const CUBIC_MAX_SIDE_IN = 18;
export const CUBIC_TIER_COUNT = 5;

const QUARTERS_PER_INCH = 4;
/** One tenth of a cubic foot in cubic quarter-inches is 11,059.2: tiers are counted in whole numbers as volume × 10. */
const CUBIC_QUARTER_INCHES_PER_FT3 = 1_728 * QUARTERS_PER_INCH ** 3;

export interface CubicTier {
  /** 1 to 5: the tier in tenths of a cubic foot. */
  tierTenths: number;
  /** The sides as measured for cubic pricing: rounded down to the ¼ inch, longest first. */
  measuredSidesIn: [number, number, number];
  cubicFeet: number;
}

export type CubicTierResult = CubicTier | { notEligible: string };

/** Whole quarter inches at or below the measure; the tiny allowance keeps 5.75 (stored as 5.7499999…) at 23 quarters. */
const quartersDown = (inches: number): number => Math.floor(inches * QUARTERS_PER_INCH + 1e-9);

export const roundDownToQuarterInch = (inches: number): number => quartersDown(inches) / QUARTERS_PER_INCH;

const formatFt3 = (cubicFeet: number): string => cubicFeet.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');

const sizeRefusal = (sides: [number, number, number], weightLb: number): string | null => {
  if (weightLb > CUBIC_MAX_WEIGHT_LB) return `Cubic pricing takes parcels up to ${CUBIC_MAX_WEIGHT_LB} lb; this one weighs ${weightLb} lb`;
  if (sides[0] > CUBIC_MAX_SIDE_IN) return `Cubic pricing takes parcels up to ${CUBIC_MAX_SIDE_IN} in on every side; the longest side is ${sides[0]} in`;
  return null;
};

/** The cubic tier of a parcel, or why it cannot be priced by cubic size. */
export const cubicTier = (dimensions: Dimensions, weightLb: number): CubicTierResult => {
  const sides = sidesLongestFirst(dimensions);
  const refusal = sizeRefusal(sides, weightLb);
  if (refusal) return { notEligible: refusal };
  const quarters = sides.map(quartersDown);
  const volumeQuarterInches = quarters.reduce((product, side) => product * side, 1);
  const tierTenths = Math.max(1, Math.ceil((volumeQuarterInches * 10) / CUBIC_QUARTER_INCHES_PER_FT3));
  const measuredSidesIn = sides.map(roundDownToQuarterInch) as [number, number, number];
  const cubicFeet = volumeQuarterInches / CUBIC_QUARTER_INCHES_PER_FT3;
  if (tierTenths > CUBIC_TIER_COUNT) {
    return { notEligible: `Cubic pricing takes parcels up to 0.5 ft³; this one is ${formatFt3(cubicFeet)} ft³ (${measuredSidesIn.join(' × ')} in, each rounded down to the ¼ inch)` };
  }
  return { tierTenths, measuredSidesIn, cubicFeet };
};
