import { Injectable } from '@nestjs/common';
import type { DefaultOfferingEntity } from '../offering.entities';
import { OfferingRepository } from '../offering.repository';

/** An admin offers or withdraws a default offering; a withdrawn one is no longer available to any user. */
@Injectable()
export class ToggleDefaultOfferingUseCase {
  constructor(private readonly offerings: OfferingRepository) {}

  execute(id: string, enabled: boolean): Promise<DefaultOfferingEntity> {
    return this.offerings.updateDefault(id, (offering) => void (offering.enabled = enabled));
  }
}
