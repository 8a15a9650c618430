import { Injectable } from '@nestjs/common';
import type { DefaultOfferingEntity } from '../offering.entities';
import { requireUniqueOfferingName } from '../offering-name.policy';
import { OfferingRepository } from '../offering.repository';

/** An admin renames a default offering: users who get the defaults from now on get this name (existing copies keep theirs). */
@Injectable()
export class RenameDefaultOfferingUseCase {
  constructor(private readonly offerings: OfferingRepository) {}

  async execute(id: string, name: string): Promise<DefaultOfferingEntity> {
    requireUniqueOfferingName(await this.offerings.listDefaults(), id, name);
    return this.offerings.updateDefault(id, (offering) => void (offering.name = name));
  }
}
