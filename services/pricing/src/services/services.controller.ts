import { Controller } from '@nestjs/common';
import { PricingRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, requireAdmin, requireSelfAdminOrService, requireSelfOrAdmin, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { QuoteUseCase } from '../quotes/quote.usecase';
import { requireContinuousTiers } from './price-tiers.policy';
import { toDefaultService, toUserService } from './service.mapper';
import { ServiceRepository } from './service.repository';
import { ServiceCatalog } from './usecases/service-catalog.usecase';

/** Services and prices: admins configure, customers read their own and get quotes. */
@Controller()
export class ServicesController {
  constructor(
    private readonly services: ServiceRepository,
    private readonly catalog: ServiceCatalog,
    private readonly quote: QuoteUseCase,
  ) {}

  @RpcHandler(PricingRpc.listRawServices)
  async raw(@CurrentCaller() caller: Caller) {
    requireAdmin(caller);
    return { services: await this.catalog.rawServices() };
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
    return toDefaultService(await this.services.updateDefault(body.id, (s) => void (s.enabled = body.enabled)));
  }

  @RpcHandler(PricingRpc.setDefaultPrices)
  async setDefaultPrices(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.setDefaultPrices) body: ParsedRequestOf<typeof PricingRpc.setDefaultPrices>) {
    requireAdmin(caller);
    return toDefaultService(
      await this.services.updateDefault(body.id, (s) => {
        requireContinuousTiers(body.prices, s.maxWeight);
        s.prices = body.prices;
      }),
    );
  }

  @RpcHandler(PricingRpc.renameDefaultService)
  async rename(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.renameDefaultService) body: ParsedRequestOf<typeof PricingRpc.renameDefaultService>) {
    requireAdmin(caller);
    return toDefaultService(await this.services.updateDefault(body.id, (s) => void (s.name = body.name)));
  }

  @RpcHandler(PricingRpc.listUserServices)
  async userServices(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.listUserServices) body: ParsedRequestOf<typeof PricingRpc.listUserServices>) {
    requireSelfOrAdmin(caller, body.userId);
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ service, offered }) => toUserService(service, offered)) };
  }

  @RpcHandler(PricingRpc.availableServices)
  async available(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PricingRpc.availableServices) body: ParsedRequestOf<typeof PricingRpc.availableServices>) {
    requireSelfAdminOrService(caller, body.userId, 'orders');
    const mine = await this.catalog.forUser(body.userId, false);
    return {
      services: mine
        .filter(({ service, offered }) => offered && service.enabled)
        .map(({ service }) => ({ uid: service.uid, name: service.name, category: service.category, maxWeight: service.maxWeight })),
    };
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
    const service = await this.services.updateUserService(body.userId, body.serviceId, (s) => {
      requireContinuousTiers(body.prices, s.maxWeight);
      s.prices = body.prices;
    });
    return toUserService(service, true);
  }

  @RpcHandler(PricingRpc.toggleUserService)
  async toggleUser(@CurrentCaller() caller: Caller, @RpcPayload(PricingRpc.toggleUserService) body: ParsedRequestOf<typeof PricingRpc.toggleUserService>) {
    requireAdmin(caller);
    return toUserService(await this.services.updateUserService(body.userId, body.serviceId, (s) => void (s.enabled = body.enabled)), true);
  }

  @RpcHandler(PricingRpc.quote)
  onQuote(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PricingRpc.quote) body: ParsedRequestOf<typeof PricingRpc.quote>) {
    requireSelfAdminOrService(caller, body.userId, 'orders');
    return this.quote.execute(body);
  }
}
