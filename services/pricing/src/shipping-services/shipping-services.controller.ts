import { Controller } from '@nestjs/common';
import { PricingRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { QuoteUseCase } from '../quotes/quote.usecase';
import { RateOfferingsUseCase } from '../quotes/rate-offerings.usecase';
import type { UserShippingServiceEntity } from './shipping-service.entities';
import { toDefaultShippingService, toUserShippingService } from './shipping-service.mapper';
import { AvailableShippingServicesUseCase } from './usecases/available-shipping-services.usecase';
import { ShippingServiceCatalog } from './usecases/shipping-service-catalog.usecase';
import { PublicPricesUseCase } from './usecases/public-prices.usecase';
import { RenameDefaultShippingServiceUseCase } from './usecases/rename-default-shipping-service.usecase';
import { RenameUserShippingServiceUseCase } from './usecases/rename-user-shipping-service.usecase';
import { SetDefaultPricesUseCase } from './usecases/set-default-prices.usecase';
import { SetUserPricesUseCase } from './usecases/set-user-prices.usecase';
import { ToggleDefaultShippingServiceUseCase } from './usecases/toggle-default-shipping-service.usecase';
import { ToggleUserShippingServiceUseCase } from './usecases/toggle-user-shipping-service.usecase';

/**
 * Shipping services and prices: admins configure, customers read their own and get quotes. Who may call each handler is its
 * contract's, enforced by CallerGuard (decision 080); each hands over to one use case.
 */
@Controller()
export class ShippingServicesController {
  constructor(
    private readonly catalog: ShippingServiceCatalog,
    private readonly quote: QuoteUseCase,
    private readonly rateOfferings: RateOfferingsUseCase,
    private readonly publicPriceList: PublicPricesUseCase,
    private readonly availableShippingServices: AvailableShippingServicesUseCase,
    private readonly toggleDefaultShippingService: ToggleDefaultShippingServiceUseCase,
    private readonly setDefaultShippingServicePrices: SetDefaultPricesUseCase,
    private readonly renameDefaultShippingService: RenameDefaultShippingServiceUseCase,
    private readonly toggleUserShippingService: ToggleUserShippingServiceUseCase,
    private readonly setUserShippingServicePrices: SetUserPricesUseCase,
    private readonly renameUserShippingService: RenameUserShippingServiceUseCase,
  ) {}

  /** A user's copy as the API shows it, `status` saying whether the platform still offers it. */
  private async userView(shippingService: UserShippingServiceEntity) {
    return toUserShippingService(shippingService, await this.catalog.isOffered(shippingService.uid));
  }

  @RpcHandler(PricingRpc.listRawServices)
  async raw(@CurrentCaller() _caller: Caller) {
    return { services: await this.catalog.rawShippingServices() };
  }

  /** No caller needed: what the landing page advertises. It never triggers a sync (an anonymous call writes nothing). */
  @RpcHandler(PricingRpc.publicPrices)
  publicPrices() {
    return this.publicPriceList.execute();
  }

  @RpcHandler(PricingRpc.listDefaultServices)
  async defaults(@CurrentCaller() _caller: Caller) {
    return { services: (await this.catalog.defaults()).map(toDefaultShippingService) };
  }

  @RpcHandler(PricingRpc.syncDefaultServices)
  async sync(@CurrentCaller() _caller: Caller) {
    return { services: (await this.catalog.sync()).map(toDefaultShippingService) };
  }

  @RpcHandler(PricingRpc.toggleDefaultService)
  async toggleDefault(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.toggleDefaultService) body: ParsedRequestOf<typeof PricingRpc.toggleDefaultService>) {
    return toDefaultShippingService(await this.toggleDefaultShippingService.execute(body.id, body.enabled));
  }

  @RpcHandler(PricingRpc.setDefaultPrices)
  async setDefaultPrices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setDefaultPrices) body: ParsedRequestOf<typeof PricingRpc.setDefaultPrices>) {
    return toDefaultShippingService(await this.setDefaultShippingServicePrices.execute(body.id, body.prices));
  }

  @RpcHandler(PricingRpc.renameDefaultService)
  async rename(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.renameDefaultService) body: ParsedRequestOf<typeof PricingRpc.renameDefaultService>) {
    return toDefaultShippingService(await this.renameDefaultShippingService.execute(body.id, body.name));
  }

  @RpcHandler(PricingRpc.listUserServices)
  async userShippingServices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.listUserServices) body: ParsedRequestOf<typeof PricingRpc.listUserServices>) {
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ shippingService, offered }) => toUserShippingService(shippingService, offered)) };
  }

  @RpcHandler(PricingRpc.availableServices)
  async available(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PricingRpc.availableServices) body: ParsedRequestOf<typeof PricingRpc.availableServices>) {
    return this.availableShippingServices.execute(body.userId);
  }

  @RpcHandler(PricingRpc.initializeUserServices)
  async initialize(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.initializeUserServices) body: ParsedRequestOf<typeof PricingRpc.initializeUserServices>) {
    await this.catalog.initializeUser(body.userId);
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ shippingService, offered }) => toUserShippingService(shippingService, offered)) };
  }

  @RpcHandler(PricingRpc.setUserPrices)
  async setUserPrices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setUserPrices) body: ParsedRequestOf<typeof PricingRpc.setUserPrices>) {
    return this.userView(await this.setUserShippingServicePrices.execute(body.userId, body.serviceId, body.prices));
  }

  @RpcHandler(PricingRpc.toggleUserService)
  async toggleUser(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.toggleUserService) body: ParsedRequestOf<typeof PricingRpc.toggleUserService>) {
    return this.userView(await this.toggleUserShippingService.execute(body.userId, body.serviceId, body.enabled));
  }

  @RpcHandler(PricingRpc.renameUserService)
  async renameUser(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.renameUserService) body: ParsedRequestOf<typeof PricingRpc.renameUserService>) {
    return this.userView(await this.renameUserShippingService.execute(body.userId, body.serviceId, body.name));
  }

  @RpcHandler(PricingRpc.rateOfferings)
  onRateOfferings(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PricingRpc.rateOfferings) body: ParsedRequestOf<typeof PricingRpc.rateOfferings>) {
    return this.rateOfferings.execute(body);
  }

  @RpcHandler(PricingRpc.quote)
  onQuote(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PricingRpc.quote) body: ParsedRequestOf<typeof PricingRpc.quote>) {
    return this.quote.execute(body);
  }
}
