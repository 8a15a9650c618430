import { billableWeightLb, countryGroupOf } from '@labeldesk/contracts';
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
 * One parcel's price for a user's service (the one place quotes and rate offerings price from). Abroad, the receiver's
 * country group's weight tiers when the admin set some (decision 116); otherwise the service's own mode (decision 085):
 * its weight tiers, or the carrier's cost for the parcel plus the markup. A group's tier is one price for every
 * country of the group, so it can fall under the cost for some: rate offerings leave such a service out and a purchase
 * passes its price as the carrier's cap (decision 090), as with any tier.
 */
export const servicePrice = (service: BuyableShippingService, weightLb: number, costCents: number | undefined, country?: string): ServicePrice => {
  const group = countryGroupOf(country);
  const groupTiers = group ? service.groupPrices[group] : undefined;
  if (groupTiers && groupTiers.length > 0) {
    const price = priceFor(groupTiers, weightLb);
    return price ? { kind: 'priced', ...price } : { kind: 'no_price' };
  }
  if (service.pricingMode === 'cost_markup') {
    if (costCents === undefined) return { kind: 'cost_needed' };
    return { kind: 'priced', billableWeightLb: billableWeightLb(weightLb), priceCents: priceFromCost(costCents, service.markupPercent, service.markupCents) };
  }
  const price = priceFor(service.prices, weightLb);
  return price ? { kind: 'priced', ...price } : { kind: 'no_price' };
};
