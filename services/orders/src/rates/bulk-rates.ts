import { Inject, Injectable, Logger } from '@nestjs/common';
import { PricingRpc, type ApiMode, type Courier } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { mapLimited } from '../common';
import { CARRIER_REGISTRY, type CarrierRegistry, courierOfService, type LabelShipment } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { CarrierRatesCache, rateKeyOf, type CachedRate } from './carrier-rates.cache';
import { countryAbroad } from './country-abroad';

/** One service offered for a parcel at the user's price, with what the carrier charges for it. */
export interface OfferedRate {
  offeringUid: string;
  serviceName: string;
  courier: Courier;
  priceCents: number;
  costCents: number;
  deliveryDays: number | null;
}

/**
 * Rates for many parcels at once, for a batch (issue 45, decision 086): each distinct parcel (ZIP3 pair, ounce, size:
 * the cache's key) is rated once, BULK_RATE_CONCURRENCY parcels in flight (wider than purchases: a rate moves no money,
 * and the carriers' guards ask a rate turned away with 429 again after its Retry-After, decision 104), then priced for
 * the user as the comparison prices them. Its own cache: a batch's thousands of parcels must not push a seller's single
 * comparisons out of the comparison's.
 */
@Injectable()
export class BulkRates {
  private readonly logger = new Logger(BulkRates.name);
  /** One cache a mode: a test batch's rates are the sandbox's, never a real carrier's (decision 124). */
  private readonly caches: Readonly<Record<ApiMode, CarrierRatesCache>> = { live: new CarrierRatesCache(), test: new CarrierRatesCache() };

  constructor(
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    private readonly rpc: RpcClient,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'BULK_RATE_CONCURRENCY'>,
  ) {}

  /** The key a shipment's rates are found under in the answers below. */
  readonly keyOf = rateKeyOf;

  /** What the carriers charge for each distinct parcel, by `keyOf`; a parcel no carrier rated has an empty list. */
  async carrierRates(shipments: readonly LabelShipment[], mode: ApiMode = 'live'): Promise<ReadonlyMap<string, readonly CachedRate[]>> {
    const parcels = distinctParcels(shipments);
    const answers = await mapLimited([...parcels.values()], this.env.BULK_RATE_CONCURRENCY, (shipment) => this.rated(shipment, mode));
    return new Map([...parcels.keys()].map((key, i) => [key, answers[i] ?? []]));
  }

  /** The services offered to the user for each distinct parcel, at their prices (none priced under the carrier's cost). */
  async offeredRates(userId: string, shipments: readonly LabelShipment[], mode: ApiMode = 'live'): Promise<ReadonlyMap<string, readonly OfferedRate[]>> {
    const parcels = distinctParcels(shipments);
    const answers = await mapLimited([...parcels.values()], this.env.BULK_RATE_CONCURRENCY, async (shipment) => this.priced(userId, shipment, await this.rated(shipment, mode)));
    return new Map([...parcels.keys()].map((key, i) => [key, answers[i] ?? []]));
  }

  private rated(shipment: LabelShipment, mode: ApiMode): Promise<readonly CachedRate[]> {
    return this.caches[mode].get(shipment, () =>
      this.registry.forMode(mode).rates(shipment, (carrier, error) => this.logger.warn(`${carrier} gave no rates: ${error instanceof Error ? error.message : String(error)}`)),
    );
  }

  private async priced(userId: string, shipment: LabelShipment, rates: readonly CachedRate[]): Promise<OfferedRate[]> {
    const known = rates.filter((rate) => courierOfService(rate.serviceUid) !== undefined);
    if (known.length === 0) return [];
    const { offerings } = await this.rpc.call(
      PricingRpc.rateOfferings,
      { userId, weightLb: shipment.package.weightLb, ...countryAbroad(shipment), costs: known.map(({ serviceUid, costCents }) => ({ serviceUid, costCents })) },
      { asService: true },
    );
    const byUid = new Map(known.map((rate) => [rate.serviceUid, rate]));
    return offerings.flatMap((offering) => {
      const rate = byUid.get(offering.serviceUid);
      if (!offering.offered || !rate) return [];
      return [{ offeringUid: rate.serviceUid, serviceName: offering.serviceName, courier: courierOfService(rate.serviceUid) as Courier, priceCents: offering.priceCents, costCents: offering.costCents, deliveryDays: rate.deliveryDays }];
    });
  }
}

/** The first shipment of each parcel key: the one the carriers are asked about for every row sharing it. */
const distinctParcels = (shipments: readonly LabelShipment[]): Map<string, LabelShipment> => {
  const parcels = new Map<string, LabelShipment>();
  for (const shipment of shipments) {
    const key = rateKeyOf(shipment);
    if (!parcels.has(key)) parcels.set(key, shipment);
  }
  return parcels;
};
