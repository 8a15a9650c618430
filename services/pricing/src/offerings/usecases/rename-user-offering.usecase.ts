import { Injectable } from '@nestjs/common';
import type { UserOfferingEntity } from '../offering.entities';
import { requireUniqueOfferingName } from '../offering-name.policy';
import { OfferingRepository } from '../offering.repository';

/** An admin renames one user's copy of an offering: the user sees, orders and is quoted by the new name. */
@Injectable()
export class RenameUserOfferingUseCase {
  constructor(private readonly offerings: OfferingRepository) {}

  async execute(userId: string, offeringId: string, name: string): Promise<UserOfferingEntity> {
    requireUniqueOfferingName(await this.offerings.listForUser(userId), offeringId, name);
    return this.offerings.updateUserOffering(userId, offeringId, (offering) => void (offering.name = name));
  }
}
