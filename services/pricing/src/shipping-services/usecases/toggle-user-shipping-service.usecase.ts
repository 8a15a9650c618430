import { Injectable } from '@nestjs/common';
import type { UserShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/** An admin turns one of a user's shipping services on or off for that user alone. */
@Injectable()
export class ToggleUserShippingServiceUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  execute(userId: string, shippingServiceId: string, enabled: boolean): Promise<UserShippingServiceEntity> {
    return this.shippingServices.updateUserShippingService(userId, shippingServiceId, (shippingService) => void (shippingService.enabled = enabled));
  }
}
