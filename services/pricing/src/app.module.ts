import { Module, type DynamicModule } from '@nestjs/common';
import { isServedByThisProcess } from '@labeldesk/nest-orm';
import { serviceModule } from '@labeldesk/nest-service';
import type { PricingEnv } from './config/env.schema';
import { pricingMigrations } from './database/migrations';
import { DefaultShippingServiceEntity, UserShippingServiceEntity } from './shipping-services/shipping-service.entities';
import { ShippingServiceRepository, SOLE_WRITER } from './shipping-services/shipping-service.repository';
import { ShippingServicePricingController } from './shipping-services/shipping-service-pricing.controller';
import { ShippingServicesController } from './shipping-services/shipping-services.controller';
import { AvailableShippingServicesUseCase } from './shipping-services/usecases/available-shipping-services.usecase';
import { ShippingServiceCatalog } from './shipping-services/usecases/shipping-service-catalog.usecase';
import { PublicPricesUseCase } from './shipping-services/usecases/public-prices.usecase';
import { RenameDefaultShippingServiceUseCase } from './shipping-services/usecases/rename-default-shipping-service.usecase';
import { RenameUserShippingServiceUseCase } from './shipping-services/usecases/rename-user-shipping-service.usecase';
import { SetDefaultPricesUseCase } from './shipping-services/usecases/set-default-prices.usecase';
import { SetDefaultPricingUseCase } from './shipping-services/usecases/set-default-pricing.usecase';
import { SetUserPricesUseCase } from './shipping-services/usecases/set-user-prices.usecase';
import { SetUserPricingUseCase } from './shipping-services/usecases/set-user-pricing.usecase';
import { SetGroupPricesUseCase } from './shipping-services/usecases/set-group-prices.usecase';
import { ToggleDefaultShippingServiceUseCase } from './shipping-services/usecases/toggle-default-shipping-service.usecase';
import { ToggleUserShippingServiceUseCase } from './shipping-services/usecases/toggle-user-shipping-service.usecase';
import { QuotePricesCache } from './quotes/quote-prices.cache';
import { QuoteUseCase } from './quotes/quote.usecase';
import { RateOfferingsUseCase } from './quotes/rate-offerings.usecase';

/** Default and per-user shipping services (shipping services), their prices (weight tiers or cost + markup), quotes. */
@Module({})
export class PricingModule {
  static forEnv(env: PricingEnv): DynamicModule {
    return serviceModule(PricingModule, 'pricing', env, {
      entities: [DefaultShippingServiceEntity, UserShippingServiceEntity],
      migrations: pricingMigrations,
      controllers: [ShippingServicesController, ShippingServicePricingController],
      providers: [
        { provide: SOLE_WRITER, useValue: isServedByThisProcess(env.DATABASE_URL) },
        ShippingServiceRepository, ShippingServiceCatalog, QuotePricesCache, QuoteUseCase, RateOfferingsUseCase, PublicPricesUseCase, AvailableShippingServicesUseCase,
        ToggleDefaultShippingServiceUseCase, SetDefaultPricesUseCase, RenameDefaultShippingServiceUseCase, ToggleUserShippingServiceUseCase, SetUserPricesUseCase, RenameUserShippingServiceUseCase,
        SetDefaultPricingUseCase, SetUserPricingUseCase, SetGroupPricesUseCase,
      ],
    });
  }
}
