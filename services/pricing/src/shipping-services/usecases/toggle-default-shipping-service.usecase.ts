import { Injectable } from '@nestjs/common';
import type { DefaultShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/** An admin offers or withdraws a default shipping service; a withdrawn one is no longer available to any user. */
@Injectable()
export class ToggleDefaultShippingServiceUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  execute(id: string, enabled: boolean): Promise<DefaultShippingServiceEntity> {
    return this.shippingServices.updateDefault(id, (shippingService) => void (shippingService.enabled = enabled));
  }
}
