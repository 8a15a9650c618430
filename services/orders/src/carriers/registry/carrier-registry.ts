import type { ApiMode } from '@labeldesk/contracts';
import type { CarrierAdapter, CarrierId, CarrierRate, CarrierShippingService, LabelShipment } from '../carrier.port';

/**
 * The carriers `CARRIERS` turned on, in the order a purchase tries them. The sandbox's sample labels can never stand
 * in for postage, so it is only ever the sole carrier.
 */
export class CarrierRegistry {
  private readonly byId: ReadonlyMap<CarrierId, CarrierAdapter>;
  /**
   * Purchases the busiest carrier takes at once: labels go to the first carrier that sells them, one at a time. Read
   * by the bulk engine for every label it starts, so it is worked out once.
   */
  readonly maxConcurrentPurchases: number;
  /** The sandbox alone, for test mode, made the first time test mode needs it (never when this registry is the sandbox). */
  private testCarriers: CarrierRegistry | undefined;

  /**
   * `makeTestCarriers` makes the sandbox alone, for test-mode labels (decision 119) when `ordered` holds real carriers;
   * without it test mode has no carrier here but the sandbox of `ordered` itself.
   */
  constructor(
    readonly ordered: readonly CarrierAdapter[],
    private readonly makeTestCarriers?: () => CarrierRegistry,
  ) {
    if (ordered.length === 0) throw new Error('The carrier registry needs at least one carrier');
    const ids = ordered.map((carrier) => carrier.profile.id);
    if (new Set(ids).size !== ids.length) throw new Error(`A carrier is listed twice: ${ids.join(', ')}`);
    if (ordered.length > 1 && ordered.some((carrier) => !carrier.profile.postage)) {
      throw new Error(`Sample-label carriers run alone, never beside real ones: ${ids.join(', ')}`);
    }
    this.byId = new Map(ordered.map((carrier) => [carrier.profile.id, carrier]));
    this.maxConcurrentPurchases = Math.max(...ordered.map((carrier) => carrier.profile.maxConcurrentPurchases));
  }

  /**
   * The carrier that bought a label, to void, track or ask again about it: a test-mode label's sandbox too, where live
   * labels come from real carriers (a sample label can only have been bought in test mode there).
   */
  get(id: CarrierId): CarrierAdapter | undefined {
    return this.byId.get(id) ?? (this.makeTestCarriers && this.sellsPostage ? this.forMode('test').byId.get(id) : undefined);
  }

  /**
   * The carriers a mode's labels are priced and bought from (decision 119): live ones from `ordered`; test ones from
   * the sandbox alone, whatever real carriers sell live labels, so a test label is never postage nor paid to a carrier.
   */
  forMode(mode: ApiMode): CarrierRegistry {
    if (mode === 'live' || !this.sellsPostage) return this;
    if (!this.makeTestCarriers) throw new Error('Test mode needs the sandbox carrier, and this registry has no way to make it');
    return (this.testCarriers ??= this.makeTestCarriers());
  }

  /** The test-mode sandbox if it was made (so closing the application closes it too). */
  protected get madeTestCarriers(): CarrierRegistry | undefined {
    return this.testCarriers;
  }

  /** True when a carrier must be told the shipper's contact (USPS), so orders looks it up before buying. */
  get needsShipperContact(): boolean {
    return this.ordered.some((carrier) => carrier.profile.needsShipperContact);
  }

  /** False while the labels sold are samples (the sandbox): their files say SAMPLE. */
  get sellsPostage(): boolean {
    return this.ordered.every((carrier) => carrier.profile.postage);
  }

  /**
   * What can be bought: every carrier's shipping services by uid, named as the first carrier names them, with the lowest
   * weight limit among the carriers that sell it (a label may come from any of them).
   */
  async shippingServices(): Promise<CarrierShippingService[]> {
    const merged = new Map<string, CarrierShippingService>();
    for (const carrier of this.ordered) {
      for (const shippingService of await carrier.listShippingServices()) {
        const known = merged.get(shippingService.uid);
        merged.set(shippingService.uid, known ? { ...known, maxWeightLb: Math.min(known.maxWeightLb, shippingService.maxWeightLb) } : shippingService);
      }
    }
    return [...merged.values()];
  }

  /**
   * Each service's rate for a shipment from the carrier a purchase would ask first (CARRIERS order), so the price shown
   * is the label bought. A carrier that quotes no rates, or cannot be asked now, is passed over for the next.
   */
  async rates(shipment: LabelShipment, onError: (carrier: CarrierId, error: unknown) => void): Promise<Array<CarrierRate & { carrier: CarrierId }>> {
    const answers = await Promise.all(
      this.ordered.map(async (carrier) => {
        try {
          return (await carrier.rates?.(shipment)) ?? [];
        } catch (error) {
          onError(carrier.profile.id, error);
          return [];
        }
      }),
    );
    const first = new Map<string, CarrierRate & { carrier: CarrierId }>();
    answers.forEach((rates, index) => {
      for (const rate of rates) if (!first.has(rate.serviceUid)) first.set(rate.serviceUid, { ...rate, carrier: this.ordered[index]!.profile.id });
    });
    return [...first.values()];
  }
}
