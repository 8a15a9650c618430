import { Injectable } from '@nestjs/common';
import type { DefaultShippingServiceEntity } from '../shipping-service.entities';
import { requireUniqueShippingServiceName } from '../shipping-service-name.policy';
import { ShippingServiceRepository } from '../shipping-service.repository';

/** An admin renames a default shipping service: users who get the defaults from now on get this name (existing copies keep theirs). */
@Injectable()
export class RenameDefaultShippingServiceUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  async execute(id: string, name: string): Promise<DefaultShippingServiceEntity> {
    requireUniqueShippingServiceName(await this.shippingServices.listDefaults(), id, name);
    return this.shippingServices.updateDefault(id, (shippingService) => void (shippingService.name = name));
  }
}
