import type { PriceTier } from '@labeldesk/contracts';
import { dearestCostByWeightCents } from './rating';
import { SANDBOX_SHIPPING_SERVICES } from './sandbox-services';

/**
 * Starting tiers the sandbox suggests for a fresh install, so the embedded mode can sell (sample) labels before an
 * admin sets prices. A real carrier adapter suggests none: its services start disabled.
 *
 * Each tier's price is the simulated cost (rating/) of its heaviest pound in the dearest zone, plus a small margin: the
 * price stays above the cost at every weight of the tier and in every zone, for a box billed by its weight (a large,
 * light box billed by dimensional weight can cost more than its weight's tier: pricing's cost-based guard is for those).
 * The landing page promises that any weight from 20 lb up to the maximum costs the same, so the last tier runs from
 * 20 lb to the service's maximum at the price of the maximum.
 */
const TIER_ENDS_LB = [1, 2, 3, 5, 10, 19] as const;

/** 6 % over the cost, at least 40 cents, rounded up to a quarter: a reseller's thin margin on the dearest zone. */
const priceOver = (costCents: number): number => Math.ceil(Math.max(costCents * 1.06, costCents + 40) / 25) * 25;

/** The tiers for a sandbox service uid, up to its max weight; none when the uid is not one the sandbox sells. */
export const suggestedPricesFor = (uid: string, maxWeight: number): PriceTier[] | undefined => {
  if (!SANDBOX_SHIPPING_SERVICES.some((service) => service.uid === uid) || !(maxWeight >= 1)) return undefined;
  const tiers: PriceTier[] = [];
  let fromWeight = 1;
  for (const end of [...TIER_ENDS_LB, maxWeight]) {
    const toWeight = Math.min(end, maxWeight);
    if (toWeight < fromWeight) continue;
    const cost = dearestCostByWeightCents(uid, toWeight);
    if (cost === undefined) return undefined;
    tiers.push({ fromWeight, toWeight, price: priceOver(cost) });
    fromWeight = toWeight + 1;
  }
  return tiers;
};
