import { COUNTRY_GROUP_NAMES, COUNTRY_GROUPS } from '@labeldesk/contracts';
import type { CountryGroup, GroupPrices, PriceTier } from '@labeldesk/contracts';
import { formatCents } from '../../libs/format';

/** A group's tiers in a few words: its cheapest price and how many ranges. */
const tiersInWords = (tiers: readonly PriceTier[]): string => {
  const lowest = Math.min(...tiers.map((tier) => tier.price));
  return `from ${formatCents(lowest)}${tiers.length > 1 ? `, ${tiers.length} ranges` : ''}`;
};

/** The groups that have tiers, in the contract's order, each said in words. */
export const pricedGroups = (groupPrices: GroupPrices | undefined): Array<{ group: CountryGroup; name: string; summary: string }> =>
  COUNTRY_GROUPS.flatMap((group) => {
    const tiers = groupPrices?.[group];
    return tiers && tiers.length > 0 ? [{ group, name: COUNTRY_GROUP_NAMES[group], summary: tiersInWords(tiers) }] : [];
  });

/** Where the editor starts for a group: its saved tiers, or one range over every weight at $0 (nothing to save until a price is typed). */
export const groupStartingTiers = (groupPrices: GroupPrices | undefined, group: CountryGroup, maxWeight: number): PriceTier[] => {
  const saved = groupPrices?.[group];
  return saved && saved.length > 0 ? saved : [{ fromWeight: 1, toWeight: maxWeight, price: 0 }];
};
