import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PricingRpc, type ParsedRequestOf, type ResponseOf } from '@labeldesk/contracts';
import { priceFor } from '../offerings/price-tiers.policy';
import { QuotePricesCache } from './quote-prices.cache';

/** Prices shipments for one user with that user's own tiers; an offering they cannot buy is refused, not priced at 0. */
@Injectable()
export class QuoteUseCase {
  constructor(private readonly prices: QuotePricesCache) {}

  async execute(request: ParsedRequestOf<typeof PricingRpc.quote>): Promise<ResponseOf<typeof PricingRpc.quote>> {
    const byName = await this.prices.buyableByName(request.userId);
    const items = request.items.map((item) => {
      const offering = byName.get(item.serviceName.toLowerCase());
      if (!offering) throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `Service "${item.serviceName}" is not available to you`);
      if (item.weightLb > offering.maxWeight) {
        throw new DomainError(ErrorCode.PRICING_WEIGHT_OVER_MAX, `Weight ${item.weightLb} lb is over the ${offering.maxWeight} lb maximum of ${offering.name}`);
      }
      const price = priceFor(offering.prices, item.weightLb);
      if (!price) throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `${offering.name} has no price for ${item.weightLb} lb`);
      return { serviceUid: offering.uid, serviceName: offering.name, ...price };
    });
    return { totalCents: items.reduce((sum, item) => sum + item.priceCents, 0), items };
  }
}
