import { Injectable } from '@nestjs/common';
import type { PricingRpc, ResponseOf } from '@labeldesk/contracts';
import { ShippingServiceCatalog } from './shipping-service-catalog.usecase';

/** The shipping services a user can buy now: their own copies that they keep enabled and the platform still offers. */
@Injectable()
export class AvailableShippingServicesUseCase {
  constructor(private readonly catalog: ShippingServiceCatalog) {}

  async execute(userId: string): Promise<ResponseOf<typeof PricingRpc.availableServices>> {
    const mine = await this.catalog.forUser(userId, false);
    return {
      services: mine
        .filter(({ shippingService, offered }) => offered && shippingService.enabled)
        .map(({ shippingService }) => ({ uid: shippingService.uid, name: shippingService.name, category: shippingService.category, maxWeight: shippingService.maxWeight, pricingMode: shippingService.pricingMode })),
    };
  }
}
