import { Injectable } from '@nestjs/common';
import type { PriceTier } from '@labeldesk/contracts';
import { requireContinuousTiers } from '../price-tiers.policy';
import type { UserOfferingEntity } from '../offering.entities';
import { OfferingRepository } from '../offering.repository';

/** An admin sets one user's prices for one of their offerings; the tiers must cover 1 lb to its maximum weight. */
@Injectable()
export class SetUserPricesUseCase {
  constructor(private readonly offerings: OfferingRepository) {}

  execute(userId: string, offeringId: string, prices: PriceTier[]): Promise<UserOfferingEntity> {
    return this.offerings.updateUserOffering(userId, offeringId, (offering) => {
      requireContinuousTiers(prices, offering.maxWeight);
      offering.prices = prices;
    });
  }
}
