import { Injectable } from '@nestjs/common';
import type { UserShippingServiceEntity } from '../shipping-service.entities';
import { requireUniqueShippingServiceName } from '../shipping-service-name.policy';
import { ShippingServiceRepository } from '../shipping-service.repository';

/** An admin renames one user's copy of a shipping service: the user sees, orders and is quoted by the new name. */
@Injectable()
export class RenameUserShippingServiceUseCase {
  constructor(private readonly shippingServices: ShippingServiceRepository) {}

  async execute(userId: string, shippingServiceId: string, name: string): Promise<UserShippingServiceEntity> {
    requireUniqueShippingServiceName(await this.shippingServices.listForUser(userId), shippingServiceId, name);
    return this.shippingServices.updateUserShippingService(userId, shippingServiceId, (shippingService) => void (shippingService.name = name));
  }
}
