import { Injectable } from '@nestjs/common';
import type { PricingRpc, ResponseOf } from '@labeldesk/contracts';
import { ShippingServiceRepository } from '../shipping-service.repository';

/**
 * What the landing page advertises: each enabled default's lowest price, cheapest first. Anonymous, so it reads what
 * exists and never syncs from the carrier (an anonymous call writes nothing).
 */
@Injectable()
export class PublicPricesUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  async execute(): Promise<ResponseOf<typeof PricingRpc.publicPrices>> {
    const defaults = await this.shippingServices.listDefaults();
    return {
      services: defaults
        .filter((s) => s.enabled && s.prices.length > 0)
        .map((s) => ({ name: s.name, maxWeight: s.maxWeight, fromCents: Math.min(...s.prices.map((tier) => tier.price)) }))
        .sort((a, b) => a.fromCents - b.fromCents),
    };
  }
}
