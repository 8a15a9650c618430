import { Injectable } from '@nestjs/common';
import type { PricingRpc, ResponseOf } from '@labeldesk/contracts';
import { ServiceCatalog } from './offering-catalog.usecase';

/** The services a user can buy now: their own copies that they keep enabled and the platform still offers. */
@Injectable()
export class AvailableServicesUseCase {
  constructor(private readonly catalog: ServiceCatalog) {}

  async execute(userId: string): Promise<ResponseOf<typeof PricingRpc.availableServices>> {
    const mine = await this.catalog.forUser(userId, false);
    return {
      services: mine
        .filter(({ service, offered }) => offered && service.enabled)
        .map(({ service }) => ({ uid: service.uid, name: service.name, category: service.category, maxWeight: service.maxWeight })),
    };
  }
}
