import { Injectable } from '@nestjs/common';
import type { PriceTier } from '@labeldesk/contracts';
import { requireContinuousTiers } from '../price-tiers.policy';
import type { DefaultServiceEntity } from '../offering.entities';
import { ServiceRepository } from '../offering.repository';

/** An admin sets a default service's weight tiers; they must cover 1 lb to its maximum weight without gaps. */
@Injectable()
export class SetDefaultPricesUseCase {
  constructor(private readonly services: ServiceRepository) {}

  execute(id: string, prices: PriceTier[]): Promise<DefaultServiceEntity> {
    return this.services.updateDefault(id, (service) => {
      requireContinuousTiers(prices, service.maxWeight);
      service.prices = prices;
    });
  }
}
