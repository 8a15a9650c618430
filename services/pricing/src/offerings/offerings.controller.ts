import { Controller } from '@nestjs/common';
import { PricingRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { QuoteUseCase } from '../quotes/quote.usecase';
import type { UserOfferingEntity } from './offering.entities';
import { toDefaultOffering, toUserOffering } from './offering.mapper';
import { AvailableOfferingsUseCase } from './usecases/available-offerings.usecase';
import { OfferingCatalog } from './usecases/offering-catalog.usecase';
import { PublicPricesUseCase } from './usecases/public-prices.usecase';
import { RenameDefaultOfferingUseCase } from './usecases/rename-default-offering.usecase';
import { RenameUserOfferingUseCase } from './usecases/rename-user-offering.usecase';
import { SetDefaultPricesUseCase } from './usecases/set-default-prices.usecase';
import { SetUserPricesUseCase } from './usecases/set-user-prices.usecase';
import { ToggleDefaultOfferingUseCase } from './usecases/toggle-default-offering.usecase';
import { ToggleUserOfferingUseCase } from './usecases/toggle-user-offering.usecase';

/**
 * Offerings and prices: admins configure, customers read their own and get quotes. Who may call each handler is its
 * contract's, enforced by CallerGuard (decision 080); each hands over to one use case.
 */
@Controller()
export class OfferingsController {
  constructor(
    private readonly catalog: OfferingCatalog,
    private readonly quote: QuoteUseCase,
    private readonly publicPriceList: PublicPricesUseCase,
    private readonly availableOfferings: AvailableOfferingsUseCase,
    private readonly toggleDefaultOffering: ToggleDefaultOfferingUseCase,
    private readonly setDefaultOfferingPrices: SetDefaultPricesUseCase,
    private readonly renameDefaultOffering: RenameDefaultOfferingUseCase,
    private readonly toggleUserOffering: ToggleUserOfferingUseCase,
    private readonly setUserOfferingPrices: SetUserPricesUseCase,
    private readonly renameUserOffering: RenameUserOfferingUseCase,
  ) {}

  /** A user's copy as the API shows it, `status` saying whether the platform still offers it. */
  private async userView(offering: UserOfferingEntity) {
    return toUserOffering(offering, await this.catalog.isOffered(offering.uid));
  }

  @RpcHandler(PricingRpc.listRawServices)
  async raw(@CurrentCaller() _caller: Caller) {
    return { services: await this.catalog.rawOfferings() };
  }

  /** No caller needed: what the landing page advertises. It never triggers a sync (an anonymous call writes nothing). */
  @RpcHandler(PricingRpc.publicPrices)
  publicPrices() {
    return this.publicPriceList.execute();
  }

  @RpcHandler(PricingRpc.listDefaultServices)
  async defaults(@CurrentCaller() _caller: Caller) {
    return { services: (await this.catalog.defaults()).map(toDefaultOffering) };
  }

  @RpcHandler(PricingRpc.syncDefaultServices)
  async sync(@CurrentCaller() _caller: Caller) {
    return { services: (await this.catalog.sync()).map(toDefaultOffering) };
  }

  @RpcHandler(PricingRpc.toggleDefaultService)
  async toggleDefault(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.toggleDefaultService) body: ParsedRequestOf<typeof PricingRpc.toggleDefaultService>) {
    return toDefaultOffering(await this.toggleDefaultOffering.execute(body.id, body.enabled));
  }

  @RpcHandler(PricingRpc.setDefaultPrices)
  async setDefaultPrices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setDefaultPrices) body: ParsedRequestOf<typeof PricingRpc.setDefaultPrices>) {
    return toDefaultOffering(await this.setDefaultOfferingPrices.execute(body.id, body.prices));
  }

  @RpcHandler(PricingRpc.renameDefaultService)
  async rename(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.renameDefaultService) body: ParsedRequestOf<typeof PricingRpc.renameDefaultService>) {
    return toDefaultOffering(await this.renameDefaultOffering.execute(body.id, body.name));
  }

  @RpcHandler(PricingRpc.listUserServices)
  async userOfferings(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.listUserServices) body: ParsedRequestOf<typeof PricingRpc.listUserServices>) {
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ offering, offered }) => toUserOffering(offering, offered)) };
  }

  @RpcHandler(PricingRpc.availableServices)
  async available(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PricingRpc.availableServices) body: ParsedRequestOf<typeof PricingRpc.availableServices>) {
    return this.availableOfferings.execute(body.userId);
  }

  @RpcHandler(PricingRpc.initializeUserServices)
  async initialize(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.initializeUserServices) body: ParsedRequestOf<typeof PricingRpc.initializeUserServices>) {
    await this.catalog.initializeUser(body.userId);
    return { services: (await this.catalog.forUser(body.userId, false)).map(({ offering, offered }) => toUserOffering(offering, offered)) };
  }

  @RpcHandler(PricingRpc.setUserPrices)
  async setUserPrices(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.setUserPrices) body: ParsedRequestOf<typeof PricingRpc.setUserPrices>) {
    return this.userView(await this.setUserOfferingPrices.execute(body.userId, body.serviceId, body.prices));
  }

  @RpcHandler(PricingRpc.toggleUserService)
  async toggleUser(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.toggleUserService) body: ParsedRequestOf<typeof PricingRpc.toggleUserService>) {
    return this.userView(await this.toggleUserOffering.execute(body.userId, body.serviceId, body.enabled));
  }

  @RpcHandler(PricingRpc.renameUserService)
  async renameUser(@CurrentCaller() _caller: Caller, @RpcPayload(PricingRpc.renameUserService) body: ParsedRequestOf<typeof PricingRpc.renameUserService>) {
    return this.userView(await this.renameUserOffering.execute(body.userId, body.serviceId, body.name));
  }

  @RpcHandler(PricingRpc.quote)
  onQuote(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PricingRpc.quote) body: ParsedRequestOf<typeof PricingRpc.quote>) {
    return this.quote.execute(body);
  }
}
