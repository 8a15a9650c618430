import { WEIGHT_PRICES } from './weight-prices.data';
import { zonesOf, atZone } from './zone-table';

/**
 * The most a service's box priced by weight can cost at `weightLb` whole pounds: the dearest zone of its table (the
 * farthest, as the tables never fall with distance). Undefined for a service without a weight table.
 */
export const dearestCostByWeightCents = (serviceUid: string, weightLb: number): number | undefined => {
  const prices = WEIGHT_PRICES[serviceUid];
  if (!prices) return undefined;
  const costs = zonesOf(prices.firstLbCents).map((zone) => (atZone(prices.firstLbCents, zone) ?? 0) + (atZone(prices.addedLbCents, zone) ?? 0) * (weightLb - 1));
  return Math.max(...costs);
};
