import { Injectable } from '@nestjs/common';
import type { PriceTier } from '@labeldesk/contracts';
import { requireContinuousTiers } from '../price-tiers.policy';
import type { DefaultShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/** An admin sets a default shipping service's weight tiers; they must cover 1 lb to its maximum weight without gaps. */
@Injectable()
export class SetDefaultPricesUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  execute(id: string, prices: PriceTier[]): Promise<DefaultShippingServiceEntity> {
    return this.shippingServices.updateDefault(id, (shippingService) => {
      requireContinuousTiers(prices, shippingService.maxWeight);
      shippingService.prices = prices;
    });
  }
}
