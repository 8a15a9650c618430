import { Injectable } from '@nestjs/common';
import type { ParsedRequestOf, PricingRpc, ResponseOf } from '@labeldesk/contracts';
import { QuotePricesCache, type BuyableShippingService } from './quote-prices.cache';
import { servicePrice } from './service-price';

type Offering = ResponseOf<typeof PricingRpc.rateOfferings>['offerings'][number];

/**
 * One parcel's prices for one user beside what each carrier charges us (issue 45), by each service's tiers or as that
 * cost + its markup (decision 085). A price is never under the carrier's cost: such a service is not offered
 * (`below_cost`), and the caller alerts the admin. Neither is one the user cannot
 * buy, one over its weight limit, or one with no tier for the weight.
 */
@Injectable()
export class RateOfferingsUseCase {
  constructor(private readonly prices: QuotePricesCache) {}

  async execute(request: ParsedRequestOf<typeof PricingRpc.rateOfferings>): Promise<ResponseOf<typeof PricingRpc.rateOfferings>> {
    const byUid = new Map([...(await this.prices.buyableByName(request.userId)).values()].map((service) => [service.uid, service]));
    return { offerings: request.costs.map(({ serviceUid, costCents }) => offeringOf(byUid.get(serviceUid), serviceUid, costCents, request.weightLb, request.country)) };
  }
}

export const offeringOf = (service: BuyableShippingService | undefined, serviceUid: string, costCents: number, weightLb: number, country?: string): Offering => {
  const refused = (reason: Extract<Offering, { offered: false }>['reason'], priceCents: number | null = null): Offering => ({
    offered: false,
    serviceUid,
    serviceName: service?.name ?? null,
    reason,
    priceCents,
    costCents,
  });
  if (!service) return refused('not_offered');
  if (weightLb > service.maxWeight) return refused('over_weight');
  // A cost + markup service is priced from this very cost, so it is never `cost_needed` here.
  const price = servicePrice(service, weightLb, costCents, country);
  if (price.kind !== 'priced') return refused('no_price');
  if (price.priceCents < costCents) return refused('below_cost', price.priceCents);
  return { offered: true, serviceUid, serviceName: service.name, priceCents: price.priceCents, costCents };
};
