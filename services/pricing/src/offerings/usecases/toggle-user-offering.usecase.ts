import { Injectable } from '@nestjs/common';
import type { UserServiceEntity } from '../offering.entities';
import { ServiceRepository } from '../offering.repository';

/** An admin turns one of a user's services on or off for that user alone. */
@Injectable()
export class ToggleUserServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  execute(userId: string, serviceId: string, enabled: boolean): Promise<UserServiceEntity> {
    return this.services.updateUserService(userId, serviceId, (service) => void (service.enabled = enabled));
  }
}
