import type { RateTag } from '@labeldesk/contracts';

export interface PricedRate {
  offeringUid: string;
  priceCents: number;
  deliveryDays: number | null;
}

const byPriceThenDays = (a: PricedRate, b: PricedRate) => a.priceCents - b.priceCents || (a.deliveryDays ?? Infinity) - (b.deliveryDays ?? Infinity) || a.offeringUid.localeCompare(b.offeringUid);

/**
 * The comparison's tags (decision 084): `cheapest` the lowest price (the faster of equal ones); `fastest` the fewest
 * stated days (the cheaper of equal ones; none when no rate states days); `best value` the cheapest rate that arrives
 * sooner than the cheapest one, when it is neither of the two. Each tag goes to one rate at most.
 */
export const rateTags = (rates: readonly PricedRate[]): ReadonlyMap<string, RateTag[]> => {
  const tags = new Map<string, RateTag[]>(rates.map((rate) => [rate.offeringUid, []]));
  const sorted = [...rates].sort(byPriceThenDays);
  const cheapest = sorted[0];
  if (!cheapest) return tags;
  tags.get(cheapest.offeringUid)!.push('cheapest');
  const dated = sorted.filter((rate) => rate.deliveryDays !== null);
  const fastest = [...dated].sort((a, b) => a.deliveryDays! - b.deliveryDays! || byPriceThenDays(a, b))[0];
  if (fastest) tags.get(fastest.offeringUid)!.push('fastest');
  const cheapestDays = cheapest.deliveryDays ?? Infinity;
  const bestValue = dated.find((rate) => rate.deliveryDays! < cheapestDays && rate !== fastest && rate !== cheapest);
  if (bestValue) tags.get(bestValue.offeringUid)!.push('best value');
  return tags;
};
