import { Injectable } from '@nestjs/common';
import type { PriceTier } from '@labeldesk/contracts';
import { requireContinuousTiers } from '../price-tiers.policy';
import type { UserServiceEntity } from '../offering.entities';
import { ServiceRepository } from '../offering.repository';

/** An admin sets one user's prices for one of their services; the tiers must cover 1 lb to its maximum weight. */
@Injectable()
export class SetUserPricesUseCase {
  constructor(private readonly services: ServiceRepository) {}

  execute(userId: string, serviceId: string, prices: PriceTier[]): Promise<UserServiceEntity> {
    return this.services.updateUserService(userId, serviceId, (service) => {
      requireContinuousTiers(prices, service.maxWeight);
      service.prices = prices;
    });
  }
}
