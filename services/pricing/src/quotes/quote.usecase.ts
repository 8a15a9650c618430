import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PricingRpc, type ParsedRequestOf, type ResponseOf } from '@labeldesk/contracts';
import { priceFor } from '../shipping-services/price-tiers.policy';
import { QuotePricesCache } from './quote-prices.cache';

/** Prices shipments for one user with that user's own tiers; a shipping service they cannot buy is refused, not priced at 0. */
@Injectable()
export class QuoteUseCase {
  constructor(private readonly prices: QuotePricesCache) {}

  async execute(request: ParsedRequestOf<typeof PricingRpc.quote>): Promise<ResponseOf<typeof PricingRpc.quote>> {
    const byName = await this.prices.buyableByName(request.userId);
    const items = request.items.map((item) => {
      const shippingService = byName.get(item.serviceName.toLowerCase());
      if (!shippingService) throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `Service "${item.serviceName}" is not available to you`);
      if (item.weightLb > shippingService.maxWeight) {
        throw new DomainError(ErrorCode.PRICING_WEIGHT_OVER_MAX, `Weight ${item.weightLb} lb is over the ${shippingService.maxWeight} lb maximum of ${shippingService.name}`);
      }
      const price = priceFor(shippingService.prices, item.weightLb);
      if (!price) throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `${shippingService.name} has no price for ${item.weightLb} lb`);
      return { serviceUid: shippingService.uid, serviceName: shippingService.name, ...price };
    });
    return { totalCents: items.reduce((sum, item) => sum + item.priceCents, 0), items };
  }
}
