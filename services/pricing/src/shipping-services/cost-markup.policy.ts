/**
 * Pricing as the carrier's cost + markup (issue 45, decision 085). The percent part is rounded up to the next cent,
 * so a markup never gives away a fraction of a cent, and both parts are ≥ 0: the price is never under the cost.
 */

/** 12.5 % → 1250. The contract allows at most two decimals, so this is exact; rounding only absorbs float noise. */
export const basisPointsOf = (markupPercent: number): number => Math.round(markupPercent * 100);

/** 1250 → 12.5, as the contract shows it. */
export const percentOf = (basisPoints: number): number => basisPoints / 100;

/** ⌈a / b⌉ for non-negative integers, in integers: no float division that could land a hair over a whole number. */
const ceilDiv = (a: number, b: number): number => (a - (a % b)) / b + (a % b > 0 ? 1 : 0);

/** `costCents + ceil(costCents × markupPercent / 100) + markupCents`, exact integer cents. */
export const priceFromCost = (costCents: number, markupPercent: number, markupCents: number): number =>
  costCents + ceilDiv(costCents * basisPointsOf(markupPercent), 10_000) + markupCents;
