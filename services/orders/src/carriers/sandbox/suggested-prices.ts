import type { PriceTier } from '@labeldesk/contracts';
import { dearestCostByWeightCents } from './rating';
import { SANDBOX_SHIPPING_SERVICES } from './sandbox-services';
import { findSandboxInternationalService } from './abroad/international-services';

/**
 * Starting tiers the sandbox suggests for a fresh install, so the embedded mode can sell (sample) labels before an
 * admin sets prices. A real carrier adapter suggests none: its services start disabled.
 *
 * USPS keeps the tiers it always had (over its flat simulated postage). For UPS and FedEx each tier's price is the
 * simulated cost (rating/) of its heaviest pound in the dearest zone, plus a small margin: the
 * price stays above the cost at every weight of the tier and in every zone, for a box billed by its weight (a large,
 * light box billed by dimensional weight can cost more than its weight's tier: pricing's cost-based guard is for those).
 * The landing page promises that any weight from 20 lb up to the maximum costs the same, so the last tier runs from
 * 20 lb to the service's maximum at the price of the maximum.
 */
const TIER_ENDS_LB = [1, 2, 3, 5, 10, 19] as const;

/** 6 % over the cost, at least 40 cents, rounded up to a quarter: a reseller's thin margin on the dearest zone. */
const priceOver = (costCents: number): number => Math.ceil(Math.max(costCents * 1.06, costCents + 40) / 25) * 25;

/**
 * USPS's starting tiers, as the sandbox has always suggested them (every install and test priced from these): they stay
 * over its flat simulated USPS postage (sandbox-rates.ts) at every weight.
 */
const USPS_TIERS: Readonly<Record<string, readonly PriceTier[]>> = {
  usps_priority: [
    { fromWeight: 1, toWeight: 5, price: 850 },
    { fromWeight: 6, toWeight: 19, price: 1_450 },
    { fromWeight: 20, toWeight: 70, price: 2_950 },
  ],
  usps_priority_express: [
    { fromWeight: 1, toWeight: 5, price: 2_600 },
    { fromWeight: 6, toWeight: 19, price: 4_900 },
    { fromWeight: 20, toWeight: 70, price: 8_900 },
  ],
  usps_ground_advantage: [
    { fromWeight: 1, toWeight: 5, price: 575 },
    { fromWeight: 6, toWeight: 19, price: 1_150 },
    { fromWeight: 20, toWeight: 70, price: 2_400 },
  ],
};

const fittedTo = (tiers: readonly PriceTier[], maxWeight: number): PriceTier[] => {
  const fitted = tiers.filter((t) => t.fromWeight <= maxWeight).map((t) => ({ ...t, toWeight: Math.min(t.toWeight, maxWeight) }));
  const last = fitted[fitted.length - 1];
  if (last) last.toWeight = maxWeight;
  return fitted;
};

/**
 * Abroad the cost depends on the country as much as on the weight (decision 098): the sandbox suggests its services
 * abroad priced as the carrier's cost plus 10 % and 50 cents (decision 085's mode), so no tier can fall under a cost.
 */
export const INTERNATIONAL_MARKUP = { markupPercent: 10, markupCents: 50 } as const;

export const suggestedMarkupFor = (uid: string): { markupPercent: number; markupCents: number } | undefined =>
  findSandboxInternationalService(uid) ? { ...INTERNATIONAL_MARKUP } : undefined;

/** The tiers for a sandbox service uid at home, up to its max weight; none when the uid is not one the sandbox sells there. */
export const suggestedPricesFor = (uid: string, maxWeight: number): PriceTier[] | undefined => {
  if (!SANDBOX_SHIPPING_SERVICES.some((service) => service.uid === uid) || findSandboxInternationalService(uid) || !(maxWeight >= 1)) return undefined;
  const usps = USPS_TIERS[uid];
  if (usps) return fittedTo(usps, maxWeight);
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
