import { Injectable } from '@nestjs/common';
import type { UserOfferingEntity } from '../offering.entities';
import { OfferingRepository } from '../offering.repository';

/** An admin turns one of a user's offerings on or off for that user alone. */
@Injectable()
export class ToggleUserOfferingUseCase {
  constructor(private readonly offerings: OfferingRepository) {}

  execute(userId: string, offeringId: string, enabled: boolean): Promise<UserOfferingEntity> {
    return this.offerings.updateUserOffering(userId, offeringId, (offering) => void (offering.enabled = enabled));
  }
}
