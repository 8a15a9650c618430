import { Injectable } from '@nestjs/common';
import type { PricingRpc, ResponseOf } from '@labeldesk/contracts';
import { OfferingCatalog } from './offering-catalog.usecase';

/** The offerings a user can buy now: their own copies that they keep enabled and the platform still offers. */
@Injectable()
export class AvailableOfferingsUseCase {
  constructor(private readonly catalog: OfferingCatalog) {}

  async execute(userId: string): Promise<ResponseOf<typeof PricingRpc.availableServices>> {
    const mine = await this.catalog.forUser(userId, false);
    return {
      services: mine
        .filter(({ offering, offered }) => offered && offering.enabled)
        .map(({ offering }) => ({ uid: offering.uid, name: offering.name, category: offering.category, maxWeight: offering.maxWeight })),
    };
  }
}
