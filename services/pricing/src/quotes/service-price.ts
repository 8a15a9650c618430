import { billableWeightLb } from '@labeldesk/contracts';
import { priceFromCost } from '../shipping-services/cost-markup.policy';
import { priceFor } from '../shipping-services/price-tiers.policy';
import type { BuyableShippingService } from './quote-prices.cache';

export type ServicePrice =
  | { kind: 'priced'; billableWeightLb: number; priceCents: number }
  /** Tiers with no tier for the parcel's billable weight. */
  | { kind: 'no_price' }
  /** Priced as cost + markup, and the carrier's cost was not given. */
  | { kind: 'cost_needed' };

/**
 * One parcel's price for a user's service by the service's own mode (decision 085): its weight tiers, or the carrier's
 * cost for the parcel plus the markup. The one place quotes and rate offerings price from.
 */
export const servicePrice = (service: BuyableShippingService, weightLb: number, costCents: number | undefined): ServicePrice => {
  if (service.pricingMode === 'cost_markup') {
    if (costCents === undefined) return { kind: 'cost_needed' };
    return { kind: 'priced', billableWeightLb: billableWeightLb(weightLb), priceCents: priceFromCost(costCents, service.markupPercent, service.markupCents) };
  }
  const price = priceFor(service.prices, weightLb);
  return price ? { kind: 'priced', ...price } : { kind: 'no_price' };
};
