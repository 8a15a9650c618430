import { Injectable } from '@nestjs/common';
import type { DefaultServiceEntity } from '../offering.entities';
import { ServiceRepository } from '../offering.repository';

/** An admin offers or withdraws a default service; a withdrawn one is no longer available to any user. */
@Injectable()
export class ToggleDefaultServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  execute(id: string, enabled: boolean): Promise<DefaultServiceEntity> {
    return this.services.updateDefault(id, (service) => void (service.enabled = enabled));
  }
}
