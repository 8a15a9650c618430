import { Injectable } from '@nestjs/common';
import type { UserServiceEntity } from '../offering.entities';
import { requireUniqueServiceName } from '../offering-name.policy';
import { ServiceRepository } from '../offering.repository';

/** An admin renames one user's copy of a service: the user sees, orders and is quoted by the new name. */
@Injectable()
export class RenameUserServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  async execute(userId: string, serviceId: string, name: string): Promise<UserServiceEntity> {
    requireUniqueServiceName(await this.services.listForUser(userId), serviceId, name);
    return this.services.updateUserService(userId, serviceId, (service) => void (service.name = name));
  }
}
