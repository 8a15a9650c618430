import { Injectable } from '@nestjs/common';
import type { PriceTier } from '@labeldesk/contracts';
import { requireContinuousTiers } from '../price-tiers.policy';
import type { DefaultOfferingEntity } from '../offering.entities';
import { OfferingRepository } from '../offering.repository';

/** An admin sets a default offering's weight tiers; they must cover 1 lb to its maximum weight without gaps. */
@Injectable()
export class SetDefaultPricesUseCase {
  constructor(private readonly offerings: OfferingRepository) {}

  execute(id: string, prices: PriceTier[]): Promise<DefaultOfferingEntity> {
    return this.offerings.updateDefault(id, (offering) => {
      requireContinuousTiers(prices, offering.maxWeight);
      offering.prices = prices;
    });
  }
}
