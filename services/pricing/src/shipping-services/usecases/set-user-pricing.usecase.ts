import { Injectable } from '@nestjs/common';
import type { PricingBody } from '@labeldesk/contracts';
import { applyPricing } from '../pricing-settings';
import type { UserShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/**
 * An admin sets one user's pricing mode and markup for their copy of a shipping service: the per-user override of the
 * default's (decision 085). The user's catalogue version is raised with the write, so their next quote sees it.
 */
@Injectable()
export class SetUserPricingUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  execute(userId: string, shippingServiceId: string, pricing: PricingBody): Promise<UserShippingServiceEntity> {
    return this.shippingServices.updateUserShippingService(userId, shippingServiceId, (shippingService) => applyPricing(shippingService, pricing));
  }
}
