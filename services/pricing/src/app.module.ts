import { Module, type DynamicModule } from '@nestjs/common';
import { isServedByThisProcess } from '@labeldesk/nest-orm';
import { serviceModule } from '@labeldesk/nest-service';
import type { PricingEnv } from './config/env.schema';
import { pricingMigrations } from './database/migrations';
import { QuotePricesCache } from './quotes/quote-prices.cache';
import { QuoteUseCase } from './quotes/quote.usecase';
import { DefaultServiceEntity, UserServiceEntity } from './services/service.entities';
import { ServiceRepository, SOLE_WRITER } from './services/service.repository';
import { ServicesController } from './services/services.controller';
import { AvailableServicesUseCase } from './services/usecases/available-services.usecase';
import { PublicPricesUseCase } from './services/usecases/public-prices.usecase';
import { RenameDefaultServiceUseCase } from './services/usecases/rename-default-service.usecase';
import { RenameUserServiceUseCase } from './services/usecases/rename-user-service.usecase';
import { ServiceCatalog } from './services/usecases/service-catalog.usecase';
import { SetDefaultPricesUseCase } from './services/usecases/set-default-prices.usecase';
import { SetUserPricesUseCase } from './services/usecases/set-user-prices.usecase';
import { ToggleDefaultServiceUseCase } from './services/usecases/toggle-default-service.usecase';
import { ToggleUserServiceUseCase } from './services/usecases/toggle-user-service.usecase';

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
