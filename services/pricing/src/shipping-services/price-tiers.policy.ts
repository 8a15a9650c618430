import { billableWeightLb, DomainError, ErrorCode, INVALID_PRICE_RANGES, tiersAreContinuous, type PriceTier } from '@labeldesk/contracts';

export const requireContinuousTiers = (tiers: PriceTier[], maxWeight: number): void => {
  if (!tiersAreContinuous(tiers, maxWeight)) throw new DomainError(ErrorCode.PRICING_INVALID_RANGES, INVALID_PRICE_RANGES);
};

/** The price of one parcel: its billable (rounded-up) weight looked up in the tiers. */
export const priceFor = (tiers: PriceTier[], weightLb: number): { billableWeightLb: number; priceCents: number } | null => {
  const billable = billableWeightLb(weightLb);
  const tier = tiers.find((t) => t.fromWeight <= billable && billable <= t.toWeight);
  return tier ? { billableWeightLb: billable, priceCents: tier.price } : null;
};
