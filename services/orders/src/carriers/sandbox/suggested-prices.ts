import type { PriceTier } from '@labeldesk/contracts';

/**
 * Starting tiers the sandbox suggests for a fresh install, so the embedded mode can sell (sample) labels
 * before an admin sets prices. A real carrier adapter suggests none: its services start disabled.
 * The landing page promises that any weight from 20 lb up to the maximum costs the same: the last tier starts at
 * 20 lb and runs to the service's maximum (pricing's migration 003 moved the defaults stored before this).
 */
export const SANDBOX_SUGGESTED_PRICES: Record<string, PriceTier[]> = {
  priority: [
    { fromWeight: 1, toWeight: 5, price: 850 },
    { fromWeight: 6, toWeight: 19, price: 1_450 },
    { fromWeight: 20, toWeight: 70, price: 2_950 },
  ],
  express: [
    { fromWeight: 1, toWeight: 5, price: 2_600 },
    { fromWeight: 6, toWeight: 19, price: 4_900 },
    { fromWeight: 20, toWeight: 70, price: 8_900 },
  ],
  ground: [
    { fromWeight: 1, toWeight: 5, price: 575 },
    { fromWeight: 6, toWeight: 19, price: 1_150 },
    { fromWeight: 20, toWeight: 70, price: 2_400 },
  ],
};

/** The tiers for a sandbox service uid, fitted to its max weight; none when the uid is not one we price. */
export const suggestedPricesFor = (uid: string, maxWeight: number): PriceTier[] | undefined => {
  const family = uid.includes('express') ? 'express' : uid.includes('ground') ? 'ground' : uid.includes('priority') ? 'priority' : null;
  const tiers = family ? SANDBOX_SUGGESTED_PRICES[family] : undefined;
  if (!tiers) return undefined;
  const fitted = tiers.filter((t) => t.fromWeight <= maxWeight).map((t) => ({ ...t, toWeight: Math.min(t.toWeight, maxWeight) }));
  const last = fitted[fitted.length - 1];
  if (last) last.toWeight = maxWeight;
  return fitted;
};
