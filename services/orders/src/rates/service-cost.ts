import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ApiMode } from '@labeldesk/contracts';
import { CARRIER_REGISTRY, type CarrierRegistry, type LabelShipment } from '../carriers';
import { CarrierRatesCache } from './carrier-rates.cache';

/**
 * What the carrier charges for one service and parcel, for a label priced as carrier cost + markup (decision 085).
 * The rate is the one a purchase would buy from (the first label carrier in CARRIERS order rating the service), kept
 * like the comparison's five minutes per parcel: a seller who compared and then buys pays from the same cost.
 * Its own cache, as the comparison and bulk keep theirs.
 */
@Injectable()
export class ServiceCosts {
  private readonly logger = new Logger(ServiceCosts.name);
  /** One cache a mode: a test-mode cost is the sandbox's, never a real carrier's (decision 119). */
  private readonly caches: Readonly<Record<ApiMode, CarrierRatesCache>> = { live: new CarrierRatesCache(), test: new CarrierRatesCache() };

  constructor(@Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry) {}

  /**
   * The cost in cents, or null when no carrier rates this service for the parcel now. A shipment in USPS Cubic or Flat
   * Rate packaging costs what the rate's packaging option costs (issue 45); null when the rate has no such option.
   */
  async costOf(shipment: LabelShipment, serviceUid: string, mode: ApiMode = 'live'): Promise<number | null> {
    const rates = await this.caches[mode].get(shipment, () =>
      this.registry.forMode(mode).rates(shipment, (carrier, error) => this.logger.warn(`${carrier} gave no rates: ${error instanceof Error ? error.message : String(error)}`)),
    );
    const rate = rates.find((each) => each.serviceUid === serviceUid);
    const packaging = shipment.package.packaging;
    if (!packaging) return rate?.costCents ?? null;
    return rate?.packagingOptions?.find((option) => option.id === packaging)?.costCents ?? null;
  }
}
