import { Controller } from '@nestjs/common';
import { PricingRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, requireAdmin, requireSelfAdminOrService, requireSelfOrAdmin, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { QuoteUseCase } from '../quotes/quote.usecase';
import { toDefaultService, toUserService } from './offering.mapper';
import { AvailableServicesUseCase } from './usecases/available-offerings.usecase';
import { PublicPricesUseCase } from './usecases/public-prices.usecase';
import { RenameDefaultServiceUseCase } from './usecases/rename-default-offering.usecase';
import { RenameUserServiceUseCase } from './usecases/rename-user-offering.usecase';
import { ServiceCatalog } from './usecases/offering-catalog.usecase';
import { SetDefaultPricesUseCase } from './usecases/set-default-prices.usecase';
import { SetUserPricesUseCase } from './usecases/set-user-prices.usecase';
import { ToggleDefaultServiceUseCase } from './usecases/toggle-default-offering.usecase';
import { ToggleUserServiceUseCase } from './usecases/toggle-user-offering.usecase';
import type { UserServiceEntity } from './offering.entities';

/** Services and prices: admins configure, customers read their own and get quotes. Each handler checks its caller and hands over to one use case. */
@Controller()
export class ServicesController {
  constructor(
    private readonly catalog: ServiceCatalog,
    private readonly quote: QuoteUseCase,
    private readonly publicPriceList: PublicPricesUseCase,
    private readonly availableServices: AvailableServicesUseCase,
    private readonly toggleDefaultService: ToggleDefaultServiceUseCase,
    private readonly setDefaultServicePrices: SetDefaultPricesUseCase,
    private readonly renameDefaultService: RenameDefaultServiceUseCase,
    private readonly toggleUserService: ToggleUserServiceUseCase,
    private readonly setUserServicePrices: SetUserPricesUseCase,
    private readonly renameUserService: RenameUserServiceUseCase,
  ) {}

  /** A user's copy as the API shows it, `status` saying whether the platform still offers it. */
  private async userView(service: UserServiceEntity) {
    return toUserService(service, await this.catalog.isOffered(service.uid));
  }

  @RpcHandler(PricingRpc.listRawServices)
  async raw(@CurrentCaller() caller: Caller) {
    requireAdmin(caller);
    return { services: await this.catalog.rawServices() };
  }

  /** No caller needed: what the landing page advertises. It never triggers a sync (an anonymous call writes nothing). */
  @RpcHandler(PricingRpc.publicPrices)
  publicPrices() {
    return this.publicPriceList.execute();
  }

  @RpcHandler(PricingRpc.listDefaultServices)
  async defaults(@CurrentCaller() caller: Caller) {
    requireAdmin(caller);
    return { services: (await this.catalog.defaults()).map(toDefaultService) };
  }

  @RpcHandler(PricingRpc.syncDefaultServices)
  async sync(@CurrentCaller() caller: Caller) {
    requireAdmin(caller);
    return { services: (await this.catalog.sync()).map(toDefaultService) };
  }

  @RpcHandler(PricingRpc.toggleDefaultService)
  async toggleDefault(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.toggleDefaultService) body: ParsedRequestOf<typeof PricingRpc.toggleDefaultService>) {
    requireAdmin(caller);
    return toDefaultService(await this.toggleDefaultService.execute(body.id, body.enabled));
  }

  @RpcHandler(PricingRpc.setDefaultPrices)
  async setDefaultPrices(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.setDefaultPrices) body: ParsedRequestOf<typeof PricingRpc.setDefaultPrices>) {
    requireAdmin(caller);
    return toDefaultService(await this.setDefaultServicePrices.execute(body.id, body.prices));
  }

  @RpcHandler(PricingRpc.renameDefaultService)
  async rename(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.renameDefaultService) body: ParsedRequestOf<typeof PricingRpc.renameDefaultService>) {
    requireAdmin(caller);
    return toDefaultService(await this.renameDefaultService.execute(body.id, body.name));
  }

  @RpcHandler(PricingRpc.listUserServices)
  async userServices(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.listUserServices) body: ParsedRequestOf<typeof PricingRpc.listUserServices>) {
    requireSelfOrAdmin(caller, body.userId);
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ service, offered }) => toUserService(service, offered)) };
  }

  @RpcHandler(PricingRpc.availableServices)
  async available(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PricingRpc.availableServices) body: ParsedRequestOf<typeof PricingRpc.availableServices>) {
    requireSelfAdminOrService(caller, body.userId, 'orders');
    return this.availableServices.execute(body.userId);
  }

  @RpcHandler(PricingRpc.initializeUserServices)
  async initialize(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.initializeUserServices) body: ParsedRequestOf<typeof PricingRpc.initializeUserServices>) {
    requireSelfOrAdmin(caller, body.userId);
    await this.catalog.initializeUser(body.userId);
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ service, offered }) => toUserService(service, offered)) };
  }

  @RpcHandler(PricingRpc.setUserPrices)
  async setUserPrices(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.setUserPrices) body: ParsedRequestOf<typeof PricingRpc.setUserPrices>) {
    requireAdmin(caller);
    return this.userView(await this.setUserServicePrices.execute(body.userId, body.serviceId, body.prices));
  }

  @RpcHandler(PricingRpc.toggleUserService)
  async toggleUser(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.toggleUserService) body: ParsedRequestOf<typeof PricingRpc.toggleUserService>) {
    requireAdmin(caller);
    return this.userView(await this.toggleUserService.execute(body.userId, body.serviceId, body.enabled));
  }

  @RpcHandler(PricingRpc.renameUserService)
  async renameUser(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.renameUserService) body: ParsedRequestOf<typeof PricingRpc.renameUserService>) {
    requireAdmin(caller);
    return this.userView(await this.renameUserService.execute(body.userId, body.serviceId, body.name));
  }

  @RpcHandler(PricingRpc.quote)
  onQuote(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PricingRpc.quote) body: ParsedRequestOf<typeof PricingRpc.quote>) {
    requireSelfAdminOrService(caller, body.userId, 'orders');
    return this.quote.execute(body);
  }
}
