import { Injectable } from '@nestjs/common';
import type { DefaultServiceEntity } from '../service.entities';
import { requireUniqueServiceName } from '../service-name.policy';
import { ServiceRepository } from '../service.repository';

/** An admin renames a default service: users who get the defaults from now on get this name (existing copies keep theirs). */
@Injectable()
export class RenameDefaultServiceUseCase {
  constructor(private readonly services: ServiceRepository) {}

  async execute(id: string, name: string): Promise<DefaultServiceEntity> {
    requireUniqueServiceName(await this.services.listDefaults(), id, name);
    return this.services.updateDefault(id, (service) => void (service.name = name));
  }
}
