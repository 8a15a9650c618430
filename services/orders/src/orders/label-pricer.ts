import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, PricingRpc, type ApiMode, type SingleOrder } from '@labeldesk/contracts';
import { RpcClient, type CallOptions } from '@labeldesk/nest-transport';
import { toShipment } from '../carriers';
import { ServiceCosts } from '../rates';

/** Orders prices the labels it was asked for on its own account (docs/decisions/013). */
const AS_ORDERS: CallOptions = { asService: true };

export interface OrderPrice {
  priceCents: number;
  serviceUid: string;
  serviceName: string;
}

/** What a label's price depends on: who buys it, the service, and the parcel (its weight; its route and size for a rate). */
export interface PricedParcel {
  userId: string;
  serviceName: string;
  sender: SingleOrder['sender'];
  receiver: SingleOrder['receiver'];
  package: SingleOrder['package'];
  /** A test-mode label's cost is the sandbox's (decision 119); live when absent. */
  mode?: ApiMode;
}

/**
 * What pricing charges a user for one label. A service priced by weight tiers is priced from the weight alone; one
 * priced as carrier cost + markup (decision 085) is refused by pricing without the cost (PRICING_COST_NEEDED), so
 * the carrier's rate for this service and parcel is asked and the label quoted again with it. A service no carrier
 * rates for the parcel now is refused (PRICING_SERVICE_UNAVAILABLE), before any money moves.
 */
@Injectable()
export class LabelPricer {
  constructor(
    private readonly rpc: RpcClient,
    private readonly costs: ServiceCosts,
  ) {}

  async price(parcel: PricedParcel): Promise<OrderPrice> {
    try {
      return await this.quote(parcel, undefined);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ErrorCode.PRICING_COST_NEEDED)) throw error;
    }
    const serviceUid = await this.serviceUidOf(parcel.userId, parcel.serviceName);
    const shipment = toShipment({ serviceUid: '', sender: parcel.sender, receiver: parcel.receiver, package: parcel.package }, null);
    const costCents = serviceUid === null ? null : await this.costs.costOf(shipment, serviceUid, parcel.mode ?? 'live');
    if (costCents === null && shipment.package.packaging) {
      // The rate is there, the packaging is not: the parcel does not fit it, or that service is not sold so (issue 45).
      throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `${parcel.serviceName} is not sold in that packaging for this parcel: it does not fit, or the service has no such packaging. Choose another rate`);
    }
    if (costCents === null) {
      throw new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, `${parcel.serviceName} has no carrier rate for this parcel right now, so it cannot be priced: choose another service or try again later`);
    }
    return this.quote(parcel, costCents);
  }

  private async quote(parcel: PricedParcel, costCents: number | undefined): Promise<OrderPrice> {
    const country = parcel.receiver.receiver_country;
    const item = {
      serviceName: parcel.serviceName,
      weightLb: parcel.package.package_weight,
      ...(costCents === undefined ? {} : { costCents }),
      // Abroad, the receiver's country group's tiers may price it (decision 116).
      ...(country && country !== 'US' ? { country } : {}),
    };
    const quote = await this.rpc.call(PricingRpc.quote, { userId: parcel.userId, items: [item] }, AS_ORDERS);
    const quoted = quote.items[0];
    if (!quoted) throw new DomainError(ErrorCode.INTERNAL, 'Quote returned no price');
    return { priceCents: quoted.priceCents, serviceUid: quoted.serviceUid, serviceName: quoted.serviceName };
  }

  /** The uid of the service the user orders by this name, as pricing finds it (case aside; the later of two alike). */
  private async serviceUidOf(userId: string, serviceName: string): Promise<string | null> {
    const { services } = await this.rpc.call(PricingRpc.availableServices, { userId }, AS_ORDERS);
    return services.findLast((service) => service.name.toLowerCase() === serviceName.trim().toLowerCase())?.uid ?? null;
  }
}
