import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type FieldIssue, type PricingRpc, type ParsedRequestOf, type ResponseOf } from '@labeldesk/contracts';
import { QuotePricesCache } from './quote-prices.cache';
import { servicePrice } from './service-price';

type QuotedItem = ResponseOf<typeof PricingRpc.quote>['items'][number];

/**
 * Prices shipments for one user with that user's own prices; a shipping service they cannot buy is refused, not priced
 * at 0. A service priced as carrier cost + markup needs the item's `costCents`: without it the quote is refused with
 * PRICING_COST_NEEDED naming every such service (one issue per item), after any other refusal, so a caller that goes
 * to fetch costs is not refused for something else afterwards.
 */
@Injectable()
export class QuoteUseCase {
  constructor(private readonly prices: QuotePricesCache) {}

  async execute(request: ParsedRequestOf<typeof PricingRpc.quote>): Promise<ResponseOf<typeof PricingRpc.quote>> {
    const byName = await this.prices.buyableByName(request.userId);
    const costNeeded: Array<FieldIssue & { serviceName: string }> = [];
    const items = request.items.flatMap((item, index): QuotedItem[] => {
      const shippingService = byName.get(item.serviceName.toLowerCase());
      if (!shippingService) throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `Service "${item.serviceName}" is not available to you`);
      if (item.weightLb > shippingService.maxWeight) {
        throw new DomainError(ErrorCode.PRICING_WEIGHT_OVER_MAX, `Weight ${item.weightLb} lb is over the ${shippingService.maxWeight} lb maximum of ${shippingService.name}`);
      }
      const price = servicePrice(shippingService, item.weightLb, item.costCents, item.country);
      if (price.kind === 'no_price') throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `${shippingService.name} has no price for ${item.weightLb} lb`);
      if (price.kind === 'cost_needed') {
        costNeeded.push({ path: `items.${index}.costCents`, message: `${shippingService.name} needs the carrier's cost`, serviceName: shippingService.name });
        return [];
      }
      const { billableWeightLb, priceCents } = price;
      return [{ serviceUid: shippingService.uid, serviceName: shippingService.name, billableWeightLb, priceCents, pricingMode: shippingService.pricingMode }];
    });
    if (costNeeded.length > 0) {
      const names = [...new Set(costNeeded.map((issue) => issue.serviceName))];
      throw new DomainError(
        ErrorCode.PRICING_COST_NEEDED,
        names.length === 1
          ? `${names[0]} is priced from the carrier's rate for each parcel: compare rates to see its price`
          : `${names.join(', ')} are priced from the carrier's rate for each parcel: compare rates to see their prices`,
        costNeeded.map(({ path, message }) => ({ path, message })),
      );
    }
    return { totalCents: items.reduce((sum, item) => sum + item.priceCents, 0), items };
  }
}
