import { Module, type DynamicModule } from '@nestjs/common';
import { isServedByThisProcess } from '@labeldesk/nest-orm';
import { serviceModule } from '@labeldesk/nest-service';
import type { PricingEnv } from './config/env.schema';
import { pricingMigrations } from './database/migrations';
import { QuotePricesCache } from './quotes/quote-prices.cache';
import { QuoteUseCase } from './quotes/quote.usecase';
import { DefaultServiceEntity, UserServiceEntity } from './offerings/offering.entities';
import { ServiceRepository, SOLE_WRITER } from './offerings/offering.repository';
import { ServicesController } from './offerings/offerings.controller';
import { AvailableServicesUseCase } from './offerings/usecases/available-offerings.usecase';
import { PublicPricesUseCase } from './offerings/usecases/public-prices.usecase';
import { RenameDefaultServiceUseCase } from './offerings/usecases/rename-default-offering.usecase';
import { RenameUserServiceUseCase } from './offerings/usecases/rename-user-offering.usecase';
import { ServiceCatalog } from './offerings/usecases/offering-catalog.usecase';
import { SetDefaultPricesUseCase } from './offerings/usecases/set-default-prices.usecase';
import { SetUserPricesUseCase } from './offerings/usecases/set-user-prices.usecase';
import { ToggleDefaultServiceUseCase } from './offerings/usecases/toggle-default-offering.usecase';
import { ToggleUserServiceUseCase } from './offerings/usecases/toggle-user-offering.usecase';

/** Default and per-user services, weight-tier prices, quotes. */
@Module({})
export class PricingModule {
  static forEnv(env: PricingEnv): DynamicModule {
    return serviceModule(PricingModule, 'pricing', env, {
      entities: [DefaultServiceEntity, UserServiceEntity],
      migrations: pricingMigrations,
      controllers: [ServicesController],
      providers: [
        { provide: SOLE_WRITER, useValue: isServedByThisProcess(env.DATABASE_URL) },
        ServiceRepository, ServiceCatalog, QuotePricesCache, QuoteUseCase, PublicPricesUseCase, AvailableServicesUseCase,
        ToggleDefaultServiceUseCase, SetDefaultPricesUseCase, RenameDefaultServiceUseCase, ToggleUserServiceUseCase, SetUserPricesUseCase, RenameUserServiceUseCase,
      ],
    });
  }
}
