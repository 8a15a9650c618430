import { Injectable } from '@nestjs/common';
import type { PricingBody } from '@labeldesk/contracts';
import { applyPricing } from '../pricing-settings';
import type { DefaultShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/**
 * An admin sets how a default shipping service is priced: its tiers, or the carrier's cost + markup (decision 085).
 * Users who already have their copy keep their own mode, as they keep their own tiers; new copies take this one.
 * The defaults' catalogue version is raised with the write, so every replica's next quote sees it.
 */
@Injectable()
export class SetDefaultPricingUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  execute(id: string, pricing: PricingBody): Promise<DefaultShippingServiceEntity> {
    return this.shippingServices.updateDefault(id, (shippingService) => applyPricing(shippingService, pricing));
  }
}
