import { Injectable } from '@nestjs/common';
import type { DefaultServiceEntity } from '../service.entities';
import { ServiceRepository } from '../service.repository';

/** An admin offers or withdraws a default service; a withdrawn one is no longer available to any user. */
@Injectable()
export class ToggleDefaultServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  execute(id: string, enabled: boolean): Promise<DefaultServiceEntity> {
    return this.services.updateDefault(id, (service) => void (service.enabled = enabled));
  }
}
