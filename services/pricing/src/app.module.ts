import { Module, type DynamicModule } from '@nestjs/common';
import { isServedByThisProcess } from '@labeldesk/nest-orm';
import { serviceModule } from '@labeldesk/nest-service';
import type { PricingEnv } from './config/env.schema';
import { pricingMigrations } from './database/migrations';
import { DefaultOfferingEntity, UserOfferingEntity } from './offerings/offering.entities';
import { OfferingRepository, SOLE_WRITER } from './offerings/offering.repository';
import { OfferingsController } from './offerings/offerings.controller';
import { AvailableOfferingsUseCase } from './offerings/usecases/available-offerings.usecase';
import { OfferingCatalog } from './offerings/usecases/offering-catalog.usecase';
import { PublicPricesUseCase } from './offerings/usecases/public-prices.usecase';
import { RenameDefaultOfferingUseCase } from './offerings/usecases/rename-default-offering.usecase';
import { RenameUserOfferingUseCase } from './offerings/usecases/rename-user-offering.usecase';
import { SetDefaultPricesUseCase } from './offerings/usecases/set-default-prices.usecase';
import { SetUserPricesUseCase } from './offerings/usecases/set-user-prices.usecase';
import { ToggleDefaultOfferingUseCase } from './offerings/usecases/toggle-default-offering.usecase';
import { ToggleUserOfferingUseCase } from './offerings/usecases/toggle-user-offering.usecase';
import { QuotePricesCache } from './quotes/quote-prices.cache';
import { QuoteUseCase } from './quotes/quote.usecase';

/** Default and per-user offerings (shipping services), weight-tier prices, quotes. */
@Module({})
export class PricingModule {
  static forEnv(env: PricingEnv): DynamicModule {
    return serviceModule(PricingModule, 'pricing', env, {
      entities: [DefaultOfferingEntity, UserOfferingEntity],
      migrations: pricingMigrations,
      controllers: [OfferingsController],
      providers: [
        { provide: SOLE_WRITER, useValue: isServedByThisProcess(env.DATABASE_URL) },
        OfferingRepository, OfferingCatalog, QuotePricesCache, QuoteUseCase, PublicPricesUseCase, AvailableOfferingsUseCase,
        ToggleDefaultOfferingUseCase, SetDefaultPricesUseCase, RenameDefaultOfferingUseCase, ToggleUserOfferingUseCase, SetUserPricesUseCase, RenameUserOfferingUseCase,
      ],
    });
  }
}
