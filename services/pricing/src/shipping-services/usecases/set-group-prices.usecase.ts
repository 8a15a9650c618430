import { Injectable } from '@nestjs/common';
import type { GroupPricesBody } from '@labeldesk/contracts';
import { applyGroupPrices } from '../group-prices.policy';
import type { DefaultShippingServiceEntity, UserShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/**
 * An admin sets one country group's weight tiers (decision 116) on a default, which new users' copies take, or on one
 * user's copy, apart from the default's (users who have a copy keep theirs, as with every price). The write raises
 * the catalogue's version, so every replica's next quote sees it.
 */
@Injectable()
export class SetGroupPricesUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  forDefault(id: string, body: GroupPricesBody): Promise<DefaultShippingServiceEntity> {
    return this.shippingServices.updateDefault(id, (shippingService) => applyGroupPrices(shippingService, body));
  }

  forUser(userId: string, shippingServiceId: string, body: GroupPricesBody): Promise<UserShippingServiceEntity> {
    return this.shippingServices.updateUserShippingService(userId, shippingServiceId, (shippingService) => applyGroupPrices(shippingService, body));
  }
}
