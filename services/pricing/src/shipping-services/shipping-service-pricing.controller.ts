import { Controller } from '@nestjs/common';
import { PricingRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toDefaultShippingService, toUserShippingService } from './shipping-service.mapper';
import { ShippingServiceCatalog } from './usecases/shipping-service-catalog.usecase';
import { SetDefaultPricingUseCase } from './usecases/set-default-pricing.usecase';
import { SetUserPricingUseCase } from './usecases/set-user-pricing.usecase';
import { SetGroupPricesUseCase } from './usecases/set-group-prices.usecase';

/**
 * How services are priced (decision 085): an admin sets a default's pricing mode and markup, or one user's. Apart from
 * ShippingServicesController, which configures tiers, names and switches; access is the contracts' (admin only).
 */
@Controller()
export class ShippingServicePricingController {
  constructor(
    private readonly catalog: ShippingServiceCatalog,
    private readonly setDefaultPricingUseCase: SetDefaultPricingUseCase,
    private readonly setUserPricingUseCase: SetUserPricingUseCase,
    private readonly setGroupPrices: SetGroupPricesUseCase,
  ) {}

  @RpcHandler(PricingRpc.setDefaultPricing)
  async setDefaultPricing(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setDefaultPricing) body: ParsedRequestOf<typeof PricingRpc.setDefaultPricing>) {
    const { id, ...pricing } = body;
    return toDefaultShippingService(await this.setDefaultPricingUseCase.execute(id, pricing));
  }

  @RpcHandler(PricingRpc.setUserPricing)
  async setUserPricing(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setUserPricing) body: ParsedRequestOf<typeof PricingRpc.setUserPricing>) {
    const { userId, serviceId, ...pricing } = body;
    const saved = await this.setUserPricingUseCase.execute(userId, serviceId, pricing);
    return toUserShippingService(saved, await this.catalog.isOffered(saved.uid));
  }

  @RpcHandler(PricingRpc.setDefaultGroupPrices)
  async setDefaultGroupPrices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setDefaultGroupPrices) body: ParsedRequestOf<typeof PricingRpc.setDefaultGroupPrices>) {
    const { id, ...groupPrices } = body;
    return toDefaultShippingService(await this.setGroupPrices.forDefault(id, groupPrices));
  }

  @RpcHandler(PricingRpc.setUserGroupPrices)
  async setUserGroupPrices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setUserGroupPrices) body: ParsedRequestOf<typeof PricingRpc.setUserGroupPrices>) {
    const { userId, serviceId, ...groupPrices } = body;
    const saved = await this.setGroupPrices.forUser(userId, serviceId, groupPrices);
    return toUserShippingService(saved, await this.catalog.isOffered(saved.uid));
  }
}
