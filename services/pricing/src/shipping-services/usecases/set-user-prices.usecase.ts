import { Injectable } from '@nestjs/common';
import type { PriceTier } from '@labeldesk/contracts';
import { requireContinuousTiers } from '../price-tiers.policy';
import type { UserShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/** An admin sets one user's prices for one of their shipping services; the tiers must cover 1 lb to its maximum weight. */
@Injectable()
export class SetUserPricesUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  execute(userId: string, shippingServiceId: string, prices: PriceTier[]): Promise<UserShippingServiceEntity> {
    return this.shippingServices.updateUserShippingService(userId, shippingServiceId, (shippingService) => {
      requireContinuousTiers(prices, shippingService.maxWeight);
      shippingService.prices = prices;
    });
  }
}
