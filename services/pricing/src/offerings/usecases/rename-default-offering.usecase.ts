import { Injectable } from '@nestjs/common';
import type { DefaultServiceEntity } from '../offering.entities';
import { requireUniqueServiceName } from '../offering-name.policy';
import { ServiceRepository } from '../offering.repository';

/** An admin renames a default service: users who get the defaults from now on get this name (existing copies keep theirs). */
@Injectable()
export class RenameDefaultServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  async execute(id: string, name: string): Promise<DefaultServiceEntity> {
    requireUniqueServiceName(await this.services.listDefaults(), id, name);
    return this.services.updateDefault(id, (service) => void (service.name = name));
  }
}
