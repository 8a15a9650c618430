import { Inject, Injectable, Logger } from '@nestjs/common';
import { courierName, formatUsd, modeOf, PricingRpc, type ApiMode, type Caller, type Courier, type ParsedRequestOf, type OrdersRpc, type Rate, type RatesResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY, CarrierAlerts, type CarrierRegistry, courierOfService, type LabelShipment, toShipment } from '../carriers';
import { CarrierRatesCache, type CachedRate } from './carrier-rates.cache';
import { countryAbroad } from './country-abroad';
import { packagingRate } from './packaging-rates';
import { rateTags } from './rate-tags';

type RatesRequest = ParsedRequestOf<typeof OrdersRpc.rates>;

/**
 * Rates compared (issue 45): every service the carriers would sell for the parcel, at the user's own prices, cheapest
 * first and tagged. A service whose price would be under the carrier's cost is left out and the admin alerted; costs
 * and margins are shown to admins only (never to a customer, nor to an admin acting as one). Cheaper packaging of a
 * service (USPS Cubic, Flat Rate) follows as rates of its own with the reason, when it would cost the user less.
 */
@Injectable()
export class CompareRatesUseCase {
  private readonly logger = new Logger(CompareRatesUseCase.name);
  /** One cache a mode: a test key's rates are the sandbox's, never a real carrier's (decision 119). */
  private readonly caches: Readonly<Record<ApiMode, CarrierRatesCache>> = { live: new CarrierRatesCache(), test: new CarrierRatesCache() };

  constructor(
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    private readonly rpc: RpcClient,
    private readonly alerts: CarrierAlerts,
  ) {}

  async execute(request: RatesRequest, caller: Caller): Promise<RatesResponse> {
    const shipment = toShipment({ serviceUid: '', sender: request.sender, receiver: request.receiver, package: request.package }, null);
    const mode = modeOf(caller);
    const carrierRates = (await this.carrierRates(shipment, mode)).filter((rate) => courierOfService(rate.serviceUid) !== undefined);
    if (carrierRates.length === 0) return { rates: [] };
    // Each service's own box, then each cheaper packaging of it, each at its own cost: a service priced from the cost
    // prices each packaging from what the carrier charges for it; offerings answer in the order the costs were asked.
    const asked = carrierRates.flatMap((rate) => [{ rate, option: null }, ...(rate.packagingOptions ?? []).map((option) => ({ rate, option }))]);
    const { offerings } = await this.rpc.call(
      PricingRpc.rateOfferings,
      { userId: request.userId, weightLb: shipment.package.weightLb, ...countryAbroad(shipment), costs: asked.map(({ rate, option }) => ({ serviceUid: rate.serviceUid, costCents: (option ?? rate).costCents })) },
      { asService: true },
    );
    const answered = asked.map((item, index) => ({ ...item, offering: offerings[index]! }));
    const priced = answered.flatMap(({ rate, option, offering }) => {
      if (option) return [];
      if (offering.offered) return [{ rate, serviceName: offering.serviceName, priceCents: offering.priceCents }];
      // A sandbox cost over a price is no loss to alert anyone of: test labels are never paid to a carrier.
      if (offering.reason === 'below_cost' && mode === 'live') this.alertBelowCost(rate, offering.serviceName ?? offering.serviceUid, offering.priceCents, shipment);
      return [];
    });
    const tags = rateTags(priced.map(({ rate, priceCents }) => ({ offeringUid: rate.serviceUid, priceCents, deliveryDays: rate.deliveryDays })));
    const showCosts = caller.role === 'admin' && !caller.adminPowersWithheld && caller.impersonatorId === undefined;
    const ownBoxes = new Map(
      priced.map(({ rate, serviceName, priceCents }): [string, Rate] => [
        rate.serviceUid,
        {
          offeringUid: rate.serviceUid,
          carrier: courierOfService(rate.serviceUid) as Courier,
          service: serviceName,
          priceCents,
          deliveryDays: rate.deliveryDays,
          ...(rate.deliveryDate ? { deliveryDate: rate.deliveryDate } : {}),
          tags: tags.get(rate.serviceUid) ?? [],
          ...(showCosts ? { costCents: rate.costCents, marginCents: priceCents - rate.costCents } : {}),
        },
      ]),
    );
    // A packaging is bought from the label carrier that rated it, if that carrier sells packaging at all.
    const sellers = new Set(this.registry.forMode(mode).ordered.filter((carrier) => carrier.profile.sellsPackaging).map((carrier) => carrier.profile.id));
    const packaged = answered.flatMap(({ rate, option, offering }) => {
      const ownBox = ownBoxes.get(rate.serviceUid);
      if (!option || !ownBox || !offering.offered) return [];
      return packagingRate({ rate: ownBox, weightLb: shipment.package.weightLb }, option, offering.priceCents, showCosts, sellers.has(rate.carrier)) ?? [];
    });
    const rates = [...ownBoxes.values(), ...packaged];
    return { rates: rates.sort((a, b) => a.priceCents - b.priceCents || (a.deliveryDays ?? Infinity) - (b.deliveryDays ?? Infinity)) };
  }

  private carrierRates(shipment: LabelShipment, mode: ApiMode): Promise<readonly CachedRate[]> {
    return this.caches[mode].get(shipment, () =>
      this.registry.forMode(mode).rates(shipment, (carrier, error) => this.logger.warn(`${carrier} gave no rates: ${error instanceof Error ? error.message : String(error)}`)),
    );
  }

  private alertBelowCost(rate: CachedRate, serviceName: string, priceCents: number | null, shipment: LabelShipment): void {
    const what = `${serviceName} (${courierName(courierOfService(rate.serviceUid) ?? '')} ${rate.serviceUid})`;
    const price = priceCents === null ? 'the price' : `the ${formatUsd(priceCents)} price`;
    this.alerts.priceBelowCost(
      rate.carrier,
      rate.serviceUid,
      `${what} costs ${formatUsd(rate.costCents)} for ${shipment.package.weightLb} lb from ${shipment.from.zip.slice(0, 3)}xx to ${shipment.to.zip.slice(0, 3)}xx, over ${price} a customer would pay: it was not offered. Raise that price list.`,
    );
  }
}
